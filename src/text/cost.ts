// TEC's cost handling (Tribe__Cost_Utils and the REST cost fields), events.md §4.4 and §6.2.
import { LRUCache } from 'lru-cache';
import { compareStrings, isNumeric, looseEquals, numberFormat, phpTrim, toFloat } from './php.ts';
import { escHtml, sanitizeTitle } from './sanitize.ts';

/** A cost token keyed as TEC keys it: numeric tokens by their digits, others by their slug. */
interface Token {
  key: string;
  text: string;
}

const COST_PATTERN = /[,.]?(\d+)[,.]?(\d*)/g;

/** Splits each value into tokens; `decimals` is the widest fraction seen across all values. */
function tokenize(values: readonly string[]): { tokens: string[]; decimals: number } {
  let decimals = 0;
  const tokens: string[] = [];
  for (const value of values) {
    const matches = [...value.matchAll(COST_PATTERN)];
    if (matches.length === 0) {
      tokens.push(value);
      continue;
    }
    decimals = Math.max(decimals, ...matches.map((m) => m[2]!.length));
    tokens.push(...matches.map((m) => m[0]));
  }
  return { tokens, decimals };
}

function keyOf(token: string, decimals: number): string {
  const numeric = token.replace(/[,.]/g, '.');
  return isNumeric(numeric) ? numberFormat(Number(numeric), decimals).replace(/[.,]/g, '') : sanitizeTitle(numeric);
}

/** PHP array key order for ksort(): integer-like keys and strings compared as PHP 8 does. */
const compareKeys = (a: Token, b: Token): number => compareStrings(a.key, b.key);

/**
 * parse_cost_range(): tokens keyed by sort key; a later token with the same key replaces the
 * text but keeps the original position (PHP array semantics), then optionally sorted by key.
 */
function parseCostRange(values: readonly string[], sort: boolean): Token[] {
  const { tokens, decimals } = tokenize(values);
  const byKey = new Map<string, Token>();
  for (const text of tokens) {
    const key = keyOf(text, decimals);
    const existing = byKey.get(key);
    if (existing) existing.text = text;
    else byKey.set(key, { key, text });
  }
  const result = [...byKey.values()];
  return sort ? result.sort(compareKeys) : result;
}

/** get_event_costs(): each stored value parsed on its own; the first occurrence of a key wins. */
function eventCosts(values: readonly string[]): Token[] {
  const union = new Map<string, Token>();
  for (const value of values) {
    if (value === '') continue;
    for (const token of parseCostRange([value], true)) if (!union.has(token.key)) union.set(token.key, token);
  }
  return [...union.values()];
}

/** get_cost_by_func(): the cheapest or dearest numeric token, a lone non-numeric one, or "0". */
function costByFunc(tokens: readonly Token[], pick: 'min' | 'max'): string {
  const reparsed = parseCostRange(
    tokens.map((t) => t.text),
    true,
  );
  if (reparsed.length === 1 && !isNumeric(reparsed[0]!.text)) return reparsed[0]!.text;
  const numeric = reparsed.filter((t) => isNumeric(t.text));
  if (numeric.length === 0) return '0';
  const chosen = numeric.reduce((best, t) => {
    const order = compareKeys(t, best);
    return (pick === 'min' ? order < 0 : order > 0) ? t : best;
  });
  // PHP's empty(): "0" counts as no cost.
  return chosen.text === '' || chosen.text === '0' ? '0' : chosen.text;
}

export interface CostFormat {
  /** meta _EventCurrencySymbol ("" when absent) */
  symbol: string;
  /** meta _EventCurrencyPosition ("" when absent) */
  position: string;
  /** TEC option defaultCurrencySymbol, `$` by default */
  defaultSymbol?: string;
  /** TEC option reverseCurrencyPosition */
  reverseDefault?: boolean;
  /** What a zero cost reads, in the request's language (`Free`). */
  free?: string;
}

function decorate(cost: string, opts: CostFormat): string {
  const withPeriods = cost.replace(/[.,]/g, '.');
  if (isNumeric(withPeriods) && numberFormat(Number(withPeriods), 2) === '0.00') return opts.free ?? 'Free';
  if (!isNumeric(cost.replace(/[,.]/g, ''))) return escHtml(cost);
  const symbol = opts.symbol !== '' ? opts.symbol : (opts.defaultSymbol ?? '$');
  const suffix = opts.position !== '' ? opts.position !== 'prefix' : (opts.reverseDefault ?? false);
  return escHtml(suffix ? cost + symbol : symbol + cost);
}

/**
 * Costs already parsed, by their arguments: events share few distinct costs, and parsing one
 * (four times over, as TEC does) costs more than building the rest of the event's fields.
 */
const formattedCosts = new LRUCache<string, string>({ max: 10_000 });
const costValueLists = new LRUCache<string, readonly string[]>({ max: 10_000 });

/** The event's `cost` string: "" without costs, else `min` or `min – max`, currency-decorated. */
export function formatCost(values: string[], opts: CostFormat): string {
  const key = JSON.stringify([values, opts.symbol, opts.position, opts.defaultSymbol, opts.reverseDefault, opts.free]);
  let cost = formattedCosts.get(key);
  if (cost === undefined) formattedCosts.set(key, cost = formatCostOnce(values, opts));
  return cost;
}

function formatCostOnce(values: string[], opts: CostFormat): string {
  const tokens = eventCosts(values);
  if (tokens.length === 0) return '';
  const min = decorate(costByFunc(tokens, 'min'), opts);
  const max = decorate(costByFunc(tokens, 'max'), opts);
  return looseEquals(min, max) ? min : `${min} \u2013 ${max}`;
}

/** parse_separators(): the decimal and thousands separators a cost string appears to use. */
function separatorsOf(value: string): { decimal: string; thousands: string } {
  const runs = value.match(/[.,]+/g);
  if (!runs) return { decimal: '.', thousands: ',' };
  const last = runs[runs.length - 1]!;
  if (new Set(runs).size > 1) return { decimal: last, thousands: runs[0]! };
  const fragments = value.split(last);
  if (fragments[fragments.length - 1]!.length !== 3) {
    return { decimal: last, thousands: last === '.' ? ',' : '.' };
  }
  return { decimal: '.', thousands: ',' };
}

/** `cost_details.values`: every token as a number string (or its slug), in ascending numeric order. */
export function costValues(values: string[]): string[] {
  const key = JSON.stringify(values);
  let list = costValueLists.get(key);
  if (list === undefined) costValueLists.set(key, list = costValuesOnce(values));
  return [...list];
}

function costValuesOnce(values: string[]): string[] {
  const result = eventCosts(values).map(({ key, text }) => {
    const { decimal, thousands } = separatorsOf(text);
    const normalised = text.replaceAll(thousands, '').replaceAll(decimal, '.');
    return isNumeric(normalised) ? normalised : key;
  });
  return result.sort((a, b) => toFloat(a) - toFloat(b));
}

/** Splits a cost argument as TEC does: arrays as they are, strings on commas. */
const costEntries = (input: string | string[]): string[] => (Array.isArray(input) ? input : input.split(/[\t\n\v\f\r ]*,[\t\n\v\f\r ]*/));

const isEmptyCost = (input: string | string[]): boolean => (Array.isArray(input) ? input.length === 0 : input === '' || input === '0');

/** parse_currency_symbol(): the text around the number, when it is the same for every numeric entry. */
function currencySymbol(entries: readonly string[]): string | null {
  const symbols: string[] = [];
  let index = 0;
  for (const token of parseCostRange(entries, false)) {
    if (isNumeric(token.key)) {
      symbols.push(phpTrim((entries[index] ?? '').replaceAll(token.text, '')));
      if (symbols[symbols.length - 1] !== symbols[0]) return null;
    }
    index++;
  }
  return symbols.length > 0 ? symbols[0]! : null;
}

/** parse_currency_position(): where that symbol sits, when it is the same for every entry that has it. */
function currencyPosition(entries: readonly string[], symbol: string): 'prefix' | 'postfix' | null {
  const positions = new Set<'prefix' | 'postfix'>();
  for (const entry of entries) {
    const at = phpTrim(entry).indexOf(symbol);
    if (at === -1) continue;
    positions.add(at === 0 ? 'prefix' : 'postfix');
    if (positions.size > 1) return null;
  }
  return positions.size === 1 ? [...positions][0]! : null;
}

export interface DerivedCurrency {
  symbol: string;
  /** null when the symbol is not consistently before or after the numbers (then nothing is stored) */
  position: 'prefix' | 'postfix' | null;
}

/**
 * The currency TEC derives from the `cost` argument on writes (`_EventCurrencySymbol` and
 * `_EventCurrencyPosition`); null when no non-empty symbol is detected.
 */
export function deriveCurrency(input: string | string[]): DerivedCurrency | null {
  if (isEmptyCost(input)) return null;
  const entries = costEntries(input);
  const symbol = currencySymbol(entries);
  if (symbol === null || symbol === '' || symbol === '0') return null;
  return { symbol, position: currencyPosition(entries, symbol) };
}
