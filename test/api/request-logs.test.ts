import { Logger } from '@nestjs/common';
import { toErrorEnvelope } from '@tbo/kernel';
import { logCapture } from '../support/log-lines';
import { bearer, apiSuite, tokenFor } from '../support/api';

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('API logs', () => {
  const log = logCapture();
  const api = apiSuite({ LOG_LEVEL: 'log' }, { logs: true, logDestination: log });
  let token: string;

  beforeAll(async () => {
    token = await tokenFor(['operations']);
  });

  const requestLines = (id: string) => log.lines.filter((l) => l.msg === 'request' && l.requestId === id);

  it('leaves out Nest\'s module and route announcements at start', () => {
    const startup = log.lines.filter((l) => ['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication'].includes(l.context as string));
    expect(startup).toEqual([]);
    expect(log.text()).not.toContain('Mapped {');
  });

  it('writes one line per request with the caller\'s X-Request-Id, echoed back, and no secret', async () => {
    log.clear();
    const res = await api.http.get('/api/languages/sync').set({ ...bearer(token), Cookie: 'session=cookie-secret', 'X-Request-Id': 'client-42.a' });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('client-42.a');
    const lines = requestLines('client-42.a');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual(
      expect.objectContaining({ level: 'info', process: 'api', context: 'HTTP', method: 'GET', path: '/api/languages/sync', status: 200, ms: expect.any(Number), user: 'operations.s1@test.local' }),
    );
    expect(lines[0]!.time).toMatch(ISO_TIME);
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain('cookie-secret');
  });

  it('gives a request without an id (or with an unusable one) a new id', async () => {
    for (const given of [undefined, 'has spaces and <tags>', 'x'.repeat(200)]) {
      log.clear();
      const call = api.http.get('/api/languages/sync?isOffers=maybe').set(bearer(token));
      const res = await (given === undefined ? call : call.set('X-Request-Id', given));
      expect(res.status).toBe(400);
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(UUID);
      const lines = requestLines(id);
      expect(lines).toHaveLength(1);
      // The query string stays out: it can carry tokens and personal data.
      expect(lines[0]).toEqual(expect.objectContaining({ method: 'GET', path: '/api/languages/sync', status: 400 }));
    }
  });

  it('logs an unexpected error through the same logger, with its stack', () => {
    log.clear();
    const envelope = toErrorEnvelope(new Error('kaboom'), new Logger('Errors'));
    expect(envelope.Code).toBe(500);
    const line = log.lines.find((l) => l.context === 'Errors');
    expect(line).toEqual(expect.objectContaining({ level: 'error', process: 'api', time: expect.stringMatching(ISO_TIME) }));
    expect(line!.msg).toContain('kaboom');
    expect(line!.msg).toMatch(/\n\s+at /);
  });
});
