import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** WEB_DIST_DIR lets parallel test runs on one checkout each build and serve a client of their own. */
export const FRONTEND_DIST = process.env.WEB_DIST_DIR || join(__dirname, '..', '..', '..', '..', 'frontend', 'dist');

/**
 * Serves the built React client at the API's own address: hashed assets for a year, and
 * index.html (never cached) for every other path that is not the API's, so client-side
 * routes like /tours/17 survive a reload. Without a build, the API runs alone.
 */
/** Paths the server answers itself; every other GET of a page gets the app. Spec 02 §7 puts the document downloads outside /api; /octo is the OCTO supplier API. */
const SERVER_PATHS = ['/api/', '/octo/', '/health', '/flags/', '/assets/', '/bookings/download/'];

export function serveFrontend(app: NestExpressApplication, dist = FRONTEND_DIST): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return false;
  app.useStaticAssets(join(dist, 'assets'), { prefix: '/assets/', immutable: true, maxAge: '365d', index: false });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isApi = req.path === '/api' || SERVER_PATHS.some((prefix) => req.path.startsWith(prefix));
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
