// How WordPress stores term names (sanitize_term in the `db` context, terms.md §1).
import { ksesData } from '../../text/kses.ts';
import { sanitizeTextField } from '../../text/sanitize.ts';

/** pre_term_name: sanitize_text_field, wp_filter_kses, then `<`/`>` as entities. */
export function sanitizeTermName(raw: string): string {
  return ksesData(sanitizeTextField(raw)).replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
