import 'reflect-metadata';
import { ConsoleLogger, Logger, type INestApplication, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { json } from 'express';
import { PHOTO_UPLOAD_BODY_LIMIT } from '@tbo/media';
import { EnvelopeExceptionFilter, toErrorEnvelope, EnvelopeInterceptor, IdempotencyInterceptor, KNEX, loadConfig } from '@tbo/kernel';
import { AppModule } from './app.module';
import { contentSecurity } from './web/content-security';
import { serveFrontend } from './web/serve-frontend';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/**
 * Builds the HTTP app (without listening): shared by main.ts and the API tests. `logs: false` silences it;
 * `'errors'` keeps only errors (the tests: an unexpected 500 shows its stack).
 */
export async function createApp(options: { logs?: boolean | 'errors' } = {}): Promise<INestApplication> {
  const config = loadConfig();
  const logger = new ConsoleLogger({ json: true, logLevels: options.logs === false ? [] : options.logs === 'errors' ? ['fatal', 'error'] : LEVELS.slice(0, LEVELS.indexOf(config.LOG_LEVEL) + 1) });
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger, bodyParser: false });
  // Photo uploads carry the image as base64: their route alone gets a larger limit. Registered
  // first, so the global parser below sees the body as already parsed and skips it.
  const uploadParser = json({ limit: PHOTO_UPLOAD_BODY_LIMIT });
  app.use('/api/photos/upload', (req: Request, res: Response, next: NextFunction) =>
    uploadParser(req, res, (err?: unknown) => {
      if (!err) return next();
      const envelope = toErrorEnvelope(err, new Logger('Upload'));
      if ((err as { type?: string }).type === 'entity.too.large') envelope.ErrorMessage = `The upload is larger than ${PHOTO_UPLOAD_BODY_LIMIT}B; photos may be at most 15 MB`;
      res.status(envelope.Code).json(envelope);
    }),
  );
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: config.BODY_LIMIT, extended: false });
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(contentSecurity());
  app.use(requestLog(logger));
  // Language flags (Language.imgUrl); they never change, so browsers may keep them for a year.
  app.useStaticAssets(join(__dirname, '..', 'public', 'flags'), { prefix: '/flags/', immutable: true, maxAge: '365d', index: false });
  serveFrontend(app);
  app.useGlobalFilters(new EnvelopeExceptionFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor(), new IdempotencyInterceptor(app.get(KNEX)));
  app.enableShutdownHooks();

  const docs = new DocumentBuilder()
    .setTitle('Tour Back Office API')
    .setDescription('Every answer is the envelope {IsOk, Code, Content, ErrorTitle, ErrorMessage}.')
    .setVersion('1.2.30')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs), { jsonDocumentUrl: 'api/docs/json' });
  return app;
}

/** One structured line per request: method, path, status, time, caller. */
function requestLog(logger: ConsoleLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const user = (req as Request & { user?: { email?: string } }).user?.email;
      logger.log({ msg: 'request', method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10, user }, 'HTTP');
    });
    next();
  };
}
