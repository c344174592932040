// WordPress's `format`s, which are not JSON Schema's: the five it checks (each refused with its own
// code and message) and the ones it only sanitizes by.
import { isIPv6 } from 'node:net';
import { RestError } from '../../domain/errors.ts';
import { __ } from '../../i18n/phrase.ts';
import { isEmail, sanitizeTextField, sanitizeTextareaField, sanitizeUrl } from '../../text/sanitize.ts';
import { strtotimeUtc } from '../../time/strtotime.ts';

/** rest_parse_date(): RFC 3339, and a time strtotime() reads (the epoch itself counts as none). */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::\d{2})?)?$/.test(value)) return false;
  const time = strtotimeUtc(value, 0);
  return time !== null && time !== 0;
}

const isHexColor = (value: string): boolean => /^#([A-Fa-f0-9]{3}){1,2}$/.test(value);

const IPV4 = /^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$/;

/** rest_is_ip_address(): IPv4, or IPv6 without a zone. */
const isIpAddress = (value: string): boolean => IPV4.test(value) || (!value.includes('%') && isIPv6(value));

/** wp_is_uuid(). */
const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

interface CheckedFormat {
  matches: (value: string) => boolean;
  refusal: (param: string) => RestError;
}

/** The formats rest_validate_value_from_schema() checks, by name. */
export const CHECKED_FORMATS: Readonly<Record<string, CheckedFormat>> = {
  'hex-color': { matches: isHexColor, refusal: () => new RestError('rest_invalid_hex_color', __('Invalid hex color.')) },
  'date-time': { matches: isDate, refusal: () => new RestError('rest_invalid_date', __('Invalid date.')) },
  email: { matches: isEmail, refusal: () => new RestError('rest_invalid_email', __('Invalid email address.')) },
  ip: { matches: isIpAddress, refusal: (param) => new RestError('rest_invalid_ip', __('%s is not a valid IP address.', param)) },
  uuid: { matches: isUuid, refusal: (param) => new RestError('rest_invalid_uuid', __('%s is not a valid UUID.', param)) },
};

/** rest_sanitize_value_from_schema()'s treatment of a string of a format; undefined for a format it leaves alone. */
export function sanitizeFormat(value: string, format: string): string | undefined {
  switch (format) {
    case 'hex-color':
      return value === '' || isHexColor(value) ? value : '';
    case 'date-time':
    case 'email':
    case 'ip':
    case 'uuid':
    case 'text-field':
      return sanitizeTextField(value);
    case 'uri':
      return sanitizeUrl(value);
    case 'textarea-field':
      return sanitizeTextareaField(value);
    default:
      return undefined;
  }
}
