import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';

/**
 * OCTO capabilities this supplier API offers: a request names the ones it wants in `Octo-Capabilities`
 * (comma-separated), and the answer names the ones it applied in the same header. Unknown ones are ignored,
 * as the standard asks.
 */
export const OCTO_CAPABILITIES = ['octo/pricing', 'octo/pickups', 'octo/content'] as const;
export type OctoCapability = (typeof OCTO_CAPABILITIES)[number];

export interface Capabilities {
  pricing: boolean;
  pickups: boolean;
  content: boolean;
}

export function capabilitiesOf(header: string | undefined): Capabilities & { applied: OctoCapability[] } {
  const asked = new Set((header ?? '').split(',').map((c) => c.trim().toLowerCase()).filter(Boolean));
  const applied = OCTO_CAPABILITIES.filter((c) => asked.has(c));
  return { pricing: applied.includes('octo/pricing'), pickups: applied.includes('octo/pickups'), content: applied.includes('octo/content'), applied };
}

/** The request's capabilities; the answer's Octo-Capabilities (and, with octo/content, its language headers) set. */
export const OctoCapabilities = createParamDecorator((_: unknown, ctx: ExecutionContext): Capabilities => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const res = ctx.switchToHttp().getResponse<Response>();
  const caps = capabilitiesOf(req.header('octo-capabilities'));
  res.setHeader('Octo-Capabilities', caps.applied.join(', '));
  if (caps.content) {
    // Our content is written in English; the standard asks content answers to say so.
    res.setHeader('Content-Language', 'en');
    res.setHeader('Available-Languages', 'en');
  }
  return { pricing: caps.pricing, pickups: caps.pickups, content: caps.content };
});

/** The capabilities GET /capabilities lists (OCTO Capability: id, revision, required, dependencies, docs). */
export const CAPABILITY_LIST = [
  { id: 'octo/pricing', revision: 1, required: false, dependencies: [], docs: null },
  { id: 'octo/pickups', revision: 1, required: false, dependencies: [], docs: null },
  { id: 'octo/content', revision: 1, required: false, dependencies: [], docs: null },
] as const;
