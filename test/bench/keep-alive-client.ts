import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
}

/** A response read whole as text, for http.request's callback. */
export function answerTo(resolve: (answer: Answer) => void, reject: (err: Error) => void) {
  return (res: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    res.on('error', reject);
  };
}

/** The Content of the API's envelope; throws, naming `what`, unless it answered 200 and IsOk. */
export const ok = <T>(res: Answer, what: string): T => {
  const envelope = JSON.parse(res.body) as { IsOk: boolean; Content: T };
  if (res.status !== 200 || !envelope.IsOk) throw new Error(`${what} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return envelope.Content;
};

/**
 * One keep-alive connection to the API under test on 127.0.0.1: latency benchmarks send their requests one after
 * another over it, so they measure the request, not connection setup.
 */
export function keepAliveClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: 'GET' | 'POST' | 'PUT', path: string, headers: Record<string, string> = {}, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
        },
        answerTo(resolve, reject),
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}
