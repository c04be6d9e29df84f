import 'reflect-metadata';
import { Logger, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { json } from 'express';
import { Logger as NestPinoLogger, LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { PHOTO_UPLOAD_BODY_LIMIT } from '@tbo/media';
import { createLogger, EnvelopeExceptionFilter, toErrorEnvelope, EnvelopeInterceptor, IdempotencyInterceptor, inputGuard, KNEX, loadConfig, requestLog } from '@tbo/kernel';
import { AppModule } from './app.module';
import { QuietStartLogger } from './logging/quiet-start.logger';
import { answerClientErrorsWithEnvelope } from './web/client-errors';
import { contentSecurity } from './web/content-security';
import { serveFrontend } from './web/serve-frontend';

export interface CreateAppOptions {
  /** `false` silences the app; `'errors'` keeps only errors (the tests: an unexpected 500 shows its stack); else LOG_LEVEL. */
  logs?: boolean | 'errors';
  /** Where the log lines go: stdout unless given (a test reading them). */
  logDestination?: DestinationStream;
}

/**
 * Builds the HTTP app (without listening): shared by main.ts and the API tests.
 *
 * nestjs-pino keeps one logger per process for the lines written outside a request: the first app a
 * process creates decides it. Request lines, and what is logged while a request runs, go to each app's own.
 */
export async function createApp(options: CreateAppOptions = {}): Promise<INestApplication> {
  const config = loadConfig();
  const level = options.logs === false ? 'silent' : options.logs === 'errors' ? 'error' : config.LOG_LEVEL;
  const logger = createLogger({ process: 'api', level, destination: options.logDestination });
  // useExisting: the request logger is mounted below, ahead of every other middleware; nestjs-pino only binds it to
  // the request's async scope, so Nest's Logger anywhere in a handler writes the request id with its line.
  const logging = LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true });
  const app = await NestFactory.create<NestExpressApplication>({ module: AppModule, imports: [logging] }, { bufferLogs: true, bodyParser: false });
  app.useLogger(new QuietStartLogger(app.get(NestPinoLogger)));
  // First, so every answer (static files, refused input, an upload over the limit) has its id and its line.
  app.use(requestLog(logger));
  // Photo uploads carry the image as base64: their route alone gets a larger limit. Registered
  // first, so the global parser below sees the body as already parsed and skips it.
  const uploadParser = json({ limit: PHOTO_UPLOAD_BODY_LIMIT });
  app.use('/api/photos/upload', (req: Request, res: Response, next: NextFunction) =>
    uploadParser(req, res, (err?: unknown) => {
      if (!err) return next();
      const envelope = toErrorEnvelope(err, new Logger('Upload'));
      if ((err as { type?: string }).type === 'entity.too.large') envelope.ErrorMessage = 'The upload is too large: photos may be at most 15 MB';
      res.status(envelope.Code).json(envelope);
    }),
  );
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  // JSON only: a body of any other type is refused by the input guard (415) rather than read as no body.
  // Every route's input passes here first (body type, NUL, lone surrogates, controls, nesting): see input-guard.middleware.ts.
  app.use(inputGuard());
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.use(contentSecurity());
  // Language flags (Language.imgUrl); they never change, so browsers may keep them for a year.
  app.useStaticAssets(join(__dirname, '..', 'public', 'flags'), { prefix: '/flags/', immutable: true, maxAge: '365d', index: false });
  serveFrontend(app);
  app.useGlobalFilters(new EnvelopeExceptionFilter());
  answerClientErrorsWithEnvelope(app.getHttpServer());
  app.useGlobalInterceptors(new EnvelopeInterceptor(), new IdempotencyInterceptor(app.get(KNEX)));
  app.enableShutdownHooks();

  const docs = new DocumentBuilder()
    .setTitle('Tour Back Office API')
    .setDescription('Every answer is the envelope {IsOk, Code, Content, ErrorTitle, ErrorMessage}.')
    .setVersion('1.2.30')
    .addBearerAuth()
    .build();
  // The route map helps an attacker as much as a developer: production serves it only when asked to (then 404).
  if (config.API_DOCS_PUBLIC === '1') SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs), { jsonDocumentUrl: 'api/docs/json' });
  return app;
}
