import { AppError } from '@tbo/kernel';
import { describeTimeout } from './octo-config';

/**
 * What can go wrong when we call a provider, each a typed error that reaches the caller as the envelope with
 * the title 'External provider' and a message a supplier's admin can act on. Gateway codes (502, 504) say the
 * failure is upstream, not ours; none of them is the 500 of an unhandled error.
 */
export const OCTO_ERROR_TITLE = 'External provider';

export abstract class OctoError extends AppError {
  protected constructor(code: number, message: string) {
    super(code, OCTO_ERROR_TITLE, message);
  }
}

/** No connection: DNS, refused, reset, TLS. */
export class OctoUnreachableError extends OctoError {
  constructor(host: string) {
    super(502, `The provider could not be reached at ${host}. Check its base URL.`);
  }
}

export class OctoTimeoutError extends OctoError {
  constructor(readonly timeoutMs: number) {
    super(504, `The provider did not answer within ${describeTimeout(timeoutMs)}`);
  }
}

/** The provider answered with an HTTP error (or a redirect, which an OCTO API has no reason to send). */
export class OctoHttpError extends OctoError {
  constructor(
    readonly status: number,
    readonly providerError: string | null,
    providerMessage: string | null,
  ) {
    const refused = status === 401 || status === 403;
    const detail = providerMessage ? `: ${providerMessage}` : '';
    super(502, refused ? `The provider refused the API key (HTTP ${status})${detail}` : `The provider answered with an error (HTTP ${status})${detail}`);
  }
}

/** An answer that is not JSON, too large, or not the OCTO shape we read. */
export class OctoMalformedAnswerError extends OctoError {
  constructor(what: string, reason: string) {
    super(502, `The provider's answer is not a valid OCTO ${what} (${reason})`);
  }
}

export class OctoProductNotFoundError extends OctoError {
  constructor(productId: string) {
    super(404, `The provider has no product '${productId}'`);
  }
}

export class OctoOptionNotFoundError extends OctoError {
  constructor(productId: string, optionId: string) {
    super(404, `The provider's product '${productId}' has no option '${optionId}'`);
  }
}

/** Provider text shown to our users: one line, printable, short. */
export function providerText(value: string | null | undefined, max = 200): string | null {
  if (!value) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
