/** An error answered in the WordPress envelope `{code, message, data}`; HTTP status = data.status. */
export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
  }

  get status(): number {
    const status = this.data?.status;
    return typeof status === 'number' ? status : 500;
  }

  toJSON(): { code: string; message: string; data: Record<string, unknown> | null } {
    return { code: this.code, message: this.message, data: this.data };
  }

  static withStatus(code: string, message: string, status: number, extra: Record<string, unknown> = {}): RestError {
    return new RestError(code, message, { status, ...extra });
  }
}

export const noRoute = (): RestError =>
  RestError.withStatus('rest_no_route', 'No route was found matching the URL and request method.', 404);

export const forbidden = (authenticated: boolean): RestError =>
  RestError.withStatus('rest_forbidden', 'Sorry, you are not allowed to do that.', authenticated ? 403 : 401);

/**
 * 400 `rest_invalid_param` naming each failed parameter: with the validator's own error as its
 * message and detail, or WordPress's "Invalid parameter." when it gave none (null).
 */
export function invalidParamsError(failures: ReadonlyMap<string, RestError | null>): RestError {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, error] of failures) {
    params[name] = error ? error.message : 'Invalid parameter.';
    if (error) details[name] = error.toJSON();
  }
  const hasDetails = Object.keys(details).length > 0;
  return RestError.withStatus('rest_invalid_param', `Invalid parameter(s): ${[...failures.keys()].join(', ')}`, 400, {
    params,
    details: hasDetails ? details : [],
  });
}
