import { ENGLISH, type Translator } from '../i18n/translator.ts';
import { Phrase, __ } from '../i18n/phrase.ts';

/**
 * An error answered in the WordPress envelope `{code, message, data}`; HTTP status = data.status.
 * `message` is the English text; the answer carries the text in the request's language.
 */
export class RestError extends Error {
  constructor(
    readonly code: string,
    readonly text: string | Phrase,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(String(text));
  }

  get status(): number {
    const status = this.data?.status;
    return typeof status === 'number' ? status : 500;
  }

  toJSON(translator: Translator = ENGLISH): { code: string; message: string; data: Record<string, unknown> | null } {
    return { code: this.code, message: translator.translate(this.text), data: inLanguage(this.data, translator) as Record<string, unknown> | null };
  }

  static withStatus(code: string, message: string | Phrase, status: number, extra: Record<string, unknown> = {}): RestError {
    return new RestError(code, message, { status, ...extra });
  }
}

/** The data of an error with the phrases and errors it holds (invalid parameters' own) translated. */
function inLanguage(value: unknown, translator: Translator): unknown {
  if (value instanceof Phrase) return translator.phrase(value);
  if (value instanceof RestError) return value.toJSON(translator);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inLanguage(item, translator)]));
}

export const noRoute = (): RestError =>
  RestError.withStatus('rest_no_route', __('No route was found matching the URL and request method.'), 404);

const FORBIDDEN = [false, true].map((authenticated) =>
  RestError.withStatus('rest_forbidden', __('Sorry, you are not allowed to do that.'), authenticated ? 403 : 401));

/** 401 for anonymous callers, else 403. One object of each: every Allow header asks for one per endpoint it leaves out. */
export const forbidden = (authenticated: boolean): RestError => FORBIDDEN[Number(authenticated)]!;

/**
 * 400 `rest_invalid_param` naming each failed parameter: with the validator's own error as its
 * message and detail, or WordPress's "Invalid parameter." when it gave none (null).
 */
export function invalidParamsError(failures: ReadonlyMap<string, RestError | null>): RestError {
  const params: Record<string, string | Phrase> = {};
  const details: Record<string, RestError> = {};
  for (const [name, error] of failures) {
    params[name] = error ? error.text : __('Invalid parameter.');
    if (error) details[name] = error;
  }
  const hasDetails = Object.keys(details).length > 0;
  return RestError.withStatus('rest_invalid_param', __('Invalid parameter(s): %s', [...failures.keys()].join(', ')), 400, {
    params,
    details: hasDetails ? details : [],
  });
}
