// PHP strip_tags() (its state machine, without the allowed-tags list) and wp_strip_all_tags().
import { phpTrim } from './php.ts';

const isCSpace = (c: string | undefined): boolean => c !== undefined && ' \t\n\v\f\r'.includes(c);

const enum State {
  Text,
  Tag,
  Php,
  Declaration,
  Comment,
}

export function stripTags(input: string): string {
  let out = '';
  let state = State.Text;
  let depth = 0;
  let inQuote = '';
  // PHP's `lc`: the last quote or parenthesis seen inside `<?…?>`.
  let lastQuote = '';
  let parens = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    const prev = input[i - 1];
    if (c === '\0') continue;
    switch (state) {
      case State.Text:
        if (c === '<') {
          if (inQuote) break;
          if (isCSpace(input[i + 1])) out += c;
          else state = State.Tag;
        } else if (c === '>' && depth > 0) {
          depth--;
        } else if (c !== '>' || !inQuote) {
          out += c;
        }
        break;
      case State.Tag:
        if (c === '<') {
          if (!inQuote && !isCSpace(input[i + 1])) depth++;
        } else if (c === '>') {
          if (depth > 0) depth--;
          else if (!inQuote) state = State.Text;
        } else if (c === '"' || c === "'") {
          if (!inQuote || c === inQuote) inQuote = inQuote ? '' : c;
        } else if (c === '!' && prev === '<') {
          state = State.Declaration;
        } else if (c === '?' && prev === '<') {
          parens = 0;
          state = State.Php;
        }
        break;
      case State.Php:
        if ((c === '(' || c === ')') && lastQuote !== '"' && lastQuote !== "'") {
          lastQuote = c;
          parens += c === '(' ? 1 : -1;
        } else if (c === '>') {
          if (depth > 0) depth--;
          else if (!inQuote && parens === 0 && lastQuote !== '"' && prev === '?') {
            inQuote = '';
            state = State.Text;
          }
        } else if (c === '"' || c === "'") {
          if (prev !== '\\') lastQuote = lastQuote === c ? '' : c;
          if (!inQuote || c === inQuote) inQuote = inQuote ? '' : c;
        }
        break;
      case State.Declaration:
        if (c === '>') {
          if (depth > 0) depth--;
          else if (!inQuote) state = State.Text;
        } else if (c === '"' || c === "'") {
          if (prev !== '\\' && (!inQuote || c === inQuote)) inQuote = inQuote ? '' : c;
        } else if (c === '-' && prev === '-' && input[i - 2] === '!') {
          state = State.Comment;
        } else if ((c === 'e' || c === 'E') && input.slice(i - 6, i).toLowerCase() === 'doctyp') {
          state = State.Tag;
        }
        break;
      case State.Comment:
        if (c === '>' && !inQuote && prev === '-' && input[i - 2] === '-') {
          inQuote = '';
          state = State.Text;
        }
        break;
    }
  }
  return out;
}

/** wp_strip_all_tags(): also drops the contents of <script> and <style>, then trims. */
export function stripAllTags(text: string, removeBreaks = false): string {
  let t = stripTags(text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, ''));
  if (removeBreaks) t = t.replace(/[\r\n\t ]+/g, ' ');
  return phpTrim(t);
}
