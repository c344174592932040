// number_format_i18n(): a number written with the separators of the request's language, which
// WordPress's WP_Locale takes from the catalogs (their msgids are these placeholder names).
import { __, type LocalizedArg } from '../i18n/phrase.ts';
import { numberFormat } from './php.ts';

const THOUSANDS = 'number_format_thousands_sep';
const DECIMAL = 'number_format_decimal_point';

export function numberFormatI18n(n: number, decimals = 0): LocalizedArg {
  return {
    localize(translate) {
      // WordPress keeps a space from wrapping.
      const thousands = translate(__('number_format_thousands_sep')).replaceAll(' ', '&nbsp;');
      const decimal = translate(__('number_format_decimal_point'));
      return numberFormat(n, Math.abs(Math.trunc(decimals)), decimal === DECIMAL ? '.' : decimal, thousands === THOUSANDS ? ',' : thousands);
    },
  };
}
