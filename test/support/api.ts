import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { issueToken, loadConfig, type AuthUser, type Role } from '@tbo/kernel';
import { createApp } from '../../apps/api/src/create-app';

/** The real API over the test database, with the projections running in-process. */
export async function startApi(env: Record<string, string> = {}): Promise<{ app: INestApplication; http: ReturnType<typeof request> }> {
  Object.assign(process.env, { API_RUNS_PROJECTIONS: '1', ...env });
  const app = await createApp({ logs: 'errors' });
  await app.init();
  return { app, http: request(app.getHttpServer()) };
}

export function tokenFor(roles: Role[], over: Partial<Omit<AuthUser, 'issuedAt'>> = {}, ttlSeconds?: number): string {
  const config = loadConfig();
  return issueToken(
    {
      email: `${roles.join('-') || 'nobody'}@test.local`,
      fullName: 'Test User',
      roles,
      supplierId: 1,
      agencyId: null,
      agencyName: '',
      isAgencyAdmin: false,
      ...over,
    },
    { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER, ttlSeconds: ttlSeconds ?? config.JWT_TTL_SECONDS },
  );
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Every answer must be the envelope, and an error never a 500. */
export function expectErrorEnvelope(res: { status: number; body: unknown }, code: number): void {
  expect(res.status).toBe(code);
  expect(res.body).toEqual(
    expect.objectContaining({ IsOk: false, Code: code, ErrorTitle: expect.any(String), ErrorMessage: expect.any(String) }),
  );
  expect((res.body as { ErrorMessage: string }).ErrorMessage.length).toBeGreaterThan(0);
}
