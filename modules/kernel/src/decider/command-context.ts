import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@tbo/event-schemas';

/** Who sent a command and as part of what: becomes every resulting event's metadata. */
export interface CommandContext {
  userId: string | null;
  /** The admin who sent it as `userId` through 'log me in' (absent otherwise). */
  actedBy?: string | null;
  tenantId: string | null;
  correlationId: string;
  causationId?: string | null;
  commandId: string;
}

export function systemContext(purpose: string): CommandContext {
  return { userId: `system:${purpose}`, tenantId: null, correlationId: randomUUID(), causationId: null, commandId: randomUUID() };
}

export function metadataOf(ctx: CommandContext, now = new Date()): EventMetadata {
  return {
    userId: ctx.userId,
    ...(ctx.actedBy ? { actedBy: ctx.actedBy } : {}),
    tenantId: ctx.tenantId,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId ?? null,
    commandId: ctx.commandId,
    occurredAt: now.toISOString(),
  };
}
