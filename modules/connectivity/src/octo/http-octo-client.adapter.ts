import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { fetch, type Response } from 'undici';
import { ProviderAddressRefusedError, providerDispatcher } from '../providers/provider-address';
import type { OctoAvailabilityQuery, OctoClient, OctoConnection } from './octo-client.port';
import { octoCallConfig } from './octo-config';
import { OctoHttpError, OctoMalformedAnswerError, OctoOptionNotFoundError, OctoProductNotFoundError, OctoTimeoutError, OctoUnreachableError, providerText } from './octo-errors';
import { OctoAvailabilities, OctoErrorBody, OctoProduct, OctoProducts } from './octo-schemas';

/** Far above any real product list; a provider must not be able to fill our memory. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

class AnswerTooLargeError extends Error {}

/**
 * The OCTO client over Node's fetch. One timeout (OCTO_TIMEOUT_MS) covers the whole call, answer body included.
 * We send no capabilities (the core fields are all we read) and follow no redirects: the bearer key must go
 * only to the address the admin configured.
 */
@Injectable()
export class HttpOctoClient implements OctoClient {
  products(connection: OctoConnection) {
    return this.call(connection, 'GET', '/products', undefined, OctoProducts, 'product list');
  }

  async product(connection: OctoConnection, productId: string) {
    try {
      return await this.call(connection, 'GET', `/products/${encodeURIComponent(productId)}`, undefined, OctoProduct, 'product');
    } catch (err) {
      // OCTO answers an unknown product with 400 INVALID_PRODUCT_ID; some providers use a plain 404.
      if (err instanceof OctoHttpError && (err.status === 404 || err.providerError === 'INVALID_PRODUCT_ID')) throw new OctoProductNotFoundError(productId);
      throw err;
    }
  }

  async availability(connection: OctoConnection, query: OctoAvailabilityQuery) {
    try {
      return await this.call(connection, 'POST', '/availability', query, OctoAvailabilities, 'availability list');
    } catch (err) {
      if (err instanceof OctoHttpError && err.providerError === 'INVALID_PRODUCT_ID') throw new OctoProductNotFoundError(query.productId);
      if (err instanceof OctoHttpError && err.providerError === 'INVALID_OPTION_ID') throw new OctoOptionNotFoundError(query.productId, query.optionId);
      throw err;
    }
  }

  private async call<S extends z.ZodType>(connection: OctoConnection, method: 'GET' | 'POST', path: string, body: object | undefined, schema: S, what: string): Promise<z.output<S>> {
    const { timeoutMs } = octoCallConfig();
    const url = new URL(`${connection.baseUrl.replace(/\/+$/, '')}${path}`);
    const signal = AbortSignal.timeout(timeoutMs);
    const failed = (err: unknown) => (signal.aborted || isAbort(err) ? new OctoTimeoutError(timeoutMs) : new OctoUnreachableError(url.host));
    let text: string;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${connection.apiKey}`,
          Accept: 'application/json',
          'Octo-Capabilities': '',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'manual',
        signal,
        // Each connection's own DNS answer is checked (a name checked before the call could answer otherwise now).
        dispatcher: providerDispatcher,
      });
      text = await readLimited(res, MAX_ANSWER_BYTES);
    } catch (err) {
      if (err instanceof AnswerTooLargeError) throw new OctoMalformedAnswerError(what, `larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB`);
      const refused = causeOf(err, ProviderAddressRefusedError);
      if (refused) throw refused;
      throw failed(err);
    }
    if (!res.ok) {
      const error = OctoErrorBody.safeParse(parseJson(text));
      throw new OctoHttpError(res.status, error.success ? (error.data.error ?? null) : null, error.success ? providerText(error.data.errorMessage) : null);
    }
    const json = parseJson(text);
    if (json === undefined) throw new OctoMalformedAnswerError(what, 'not JSON');
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new OctoMalformedAnswerError(what, `${issue.path.join('.') || 'answer'}: ${issue.message}`);
    }
    return parsed.data;
  }
}

/** The error of that class in `err`'s cause chain (fetch wraps a connection's failure in 'fetch failed'). */
function causeOf<T extends Error>(err: unknown, kind: new (...args: never[]) => T): T | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (e instanceof kind) return e;
  return null;
}

function isAbort(err: unknown): boolean {
  const name = (err as Error | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readLimited(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
