import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** The answers Node's HTTP parser gives before any route runs, as the envelope every other refusal uses. */
const REFUSALS: Record<string, { code: number; reason: string; title: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: 431,
    reason: 'Request Header Fields Too Large',
    title: 'Request header fields too large',
    message: 'The address with its query and the request headers may be at most 16 KB together: send long filters in a POST body',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 408, reason: 'Request Timeout', title: 'Request timeout', message: 'The request took too long to arrive' },
};
const MALFORMED = { code: 400, reason: 'Bad Request', title: 'Bad request', message: 'The request is not valid HTTP' };

/**
 * A request Node refuses while parsing it (headers over the limit, a malformed request line) never reaches Express,
 * so no filter writes its envelope: by default Node answers with an empty body. This writes the envelope instead,
 * as Node's own handler would otherwise answer (status and a closed connection).
 */
export function answerClientErrorsWithEnvelope(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset connection, or one with an answer already under way, has no one to read another.
    if (err.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const refusal = REFUSALS[err.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ IsOk: false, Code: refusal.code, ErrorTitle: refusal.title, ErrorMessage: refusal.message });
    socket.end(
      `HTTP/1.1 ${refusal.code} ${refusal.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
