import { createLogger } from './create-logger';
import { logSink } from './log-sink';

function capture() {
  const chunks: string[] = [];
  return { write: (chunk: string) => void chunks.push(chunk), lines: () => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('createLogger', () => {
  it('writes time, level label, process, context and msg, and maps LOG_LEVEL onto pino', () => {
    const out = capture();
    const sink = logSink(createLogger({ process: 'worker', level: 'log', destination: out }), 'Jobs');
    sink.log('job done', { queue: 'maintenance' });
    sink.warn('slow');
    const logger = createLogger({ process: 'worker', level: 'log', destination: out });
    logger.debug('not at LOG_LEVEL=log');
    expect(out.lines()).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), level: 'info', process: 'worker', context: 'Jobs', queue: 'maintenance', msg: 'job done' },
      { time: expect.any(String), level: 'warn', process: 'worker', context: 'Jobs', msg: 'slow' },
    ]);
  });

  it('redacts authorization headers and cookies, however they are logged', () => {
    const out = capture();
    const logger = createLogger({ process: 'api', level: 'verbose', destination: out });
    logger.info({ req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1' } }, headers: { authorization: 'Bearer def' } }, 'x');
    logger.trace({ authorization: 'Bearer ghi' }, 'y');
    const text = JSON.stringify(out.lines());
    expect(text).not.toMatch(/abc|def|ghi|sid=1/);
    expect(out.lines()[0]).toEqual(expect.objectContaining({ req: { headers: { authorization: '[redacted]', cookie: '[redacted]' } } }));
  });

  it('writes nothing when silent', () => {
    const out = capture();
    createLogger({ process: 'api', level: 'silent', destination: out }).error('x');
    expect(out.lines()).toEqual([]);
  });
});
