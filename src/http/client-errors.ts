// Requests Node's HTTP parser cannot read — a request line or headers over its limit, malformed
// HTTP — answered with a status and a small JSON envelope. Node's own answer destroys the socket
// at once, and a client still sending then gets a reset instead of the answer; here the socket is
// half-closed after the answer and left to the client to close.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { phpJsonEncode } from '../php/json-encode.ts';

interface ClientErrorAnswer {
  status: number;
  code: string;
  message: string;
}

const URI_TOO_LONG: ClientErrorAnswer = { status: 414, code: 'rest_uri_too_long', message: 'The request URL is too long.' };
const HEADERS_TOO_LARGE: ClientErrorAnswer = { status: 431, code: 'rest_headers_too_large', message: 'The request headers are too large.' };
const BY_NODE_CODE: Record<string, ClientErrorAnswer> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'rest_payload_too_large', message: 'The chunk extensions of the request body are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'rest_request_timeout', message: 'The request was not received in time.' },
};
const BAD_REQUEST: ClientErrorAnswer = { status: 400, code: 'rest_bad_request', message: 'The request is not valid HTTP.' };

/** How long a client that keeps sending after the answer may keep its socket open. */
const LINGER_MS = 5_000;

type ParseError = NodeJS.ErrnoException & { rawPacket?: Buffer };

/**
 * Whether the bytes the parser was reading begin with a request line longer than the whole header
 * limit (the limit covers the request line and the headers together). A request line that came
 * in several reads is not seen whole here and counts as headers.
 */
function requestLineTooLong(rawPacket: Buffer | undefined, limit: number): boolean {
  if (!rawPacket || rawPacket.length < limit) return false;
  return /^[A-Z]+ [^\r\n]*$/.test(rawPacket.subarray(0, limit).toString('latin1'));
}

function answerFor(error: ParseError, headerLimit: number): ClientErrorAnswer {
  if (error.code === 'HPE_HEADER_OVERFLOW') return requestLineTooLong(error.rawPacket, headerLimit) ? URI_TOO_LONG : HEADERS_TOO_LARGE;
  return BY_NODE_CODE[error.code ?? ''] ?? BAD_REQUEST;
}

function responseText({ status, code, message }: ClientErrorAnswer): string {
  const body = phpJsonEncode({ code, message, data: { status } });
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n`
    + 'Content-Type: application/json; charset=UTF-8\r\n'
    + `Content-Length: ${Buffer.byteLength(body)}\r\n`
    + 'Connection: close\r\n\r\n'
    + body;
}

/** As Node checks: an answer already under way on this socket must not be corrupted. */
function responseUnderWay(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return inFlight?.headersSent === true;
}

function closeSoon(socket: Socket): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

export function answerClientErrors(server: http.Server, logger: Logger): void {
  server.on('clientError', (error: ParseError, socket: Socket) => {
    // The parser reports every further read of a socket already answered.
    if (socket.writableEnded) return;
    if (error.code === 'ECONNRESET' || !socket.writable || responseUnderWay(socket)) {
      socket.destroy();
      return;
    }
    const answer = answerFor(error, http.maxHeaderSize);
    logger.info({ status: answer.status, error: error.code }, 'unreadable request');
    socket.end(responseText(answer));
    closeSoon(socket);
  });
}
