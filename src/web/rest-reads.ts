// The pages show what an anonymous REST client reads: their data comes from the REST routes
// themselves, dispatched in process, so visibility rules, representations and reused answers are
// the API's own.
import type { AppServices } from '../api/context.ts';
import { dispatch } from '../api/dispatch.ts';
import { TEC_NAMESPACE } from '../domain/urls.ts';
import { phpJsonEncode } from '../php/json-encode.ts';

export interface RestRead {
  status: number;
  body: any;
}

/** An anonymous GET of `/tribe/events/v1{path}` with that query. */
export async function readTec(services: AppServices, path: string, query: Record<string, string> = {}): Promise<RestRead> {
  const out = await dispatch({
    httpMethod: 'GET',
    route: `/${TEC_NAMESPACE}${path}`,
    query,
    body: null,
    bodyError: null,
    headers: {},
    clientIp: '127.0.0.1',
  }, services);
  // As a client reads it: plain values (kept representations are their encoding alone).
  return { status: out.status, body: out.body === undefined ? undefined : JSON.parse(phpJsonEncode(out.body)) };
}
