import type { z } from 'zod';
import { isStorableText } from './limits';

/** Turns the data of one schema version into the data of the next one. */
export type Upcaster = (data: unknown) => unknown;

export interface EventSchemaDefinition<S extends z.ZodType = z.ZodType> {
  type: string;
  version: number;
  schema: S;
  /** For version > 1: how data stored at version - 1 becomes this version's data. */
  upcastFromPrevious?: Upcaster;
  /** A valid sample, used by the round-trip test every registered type must pass. */
  example: z.input<S>;
}

export class UnknownEventTypeError extends Error {
  constructor(readonly eventType: string) {
    super(`Unknown event type '${eventType}': register its schema in event-schemas`);
  }
}

export class InvalidEventDataError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string[],
  ) {
    super(`Event ${eventType} does not match its schema: ${issues.join('; ')}`);
  }
}

/**
 * Event type and schema version → zod schema. Appends validate against the newest version;
 * reads upcast older stored versions step by step to the newest, so deciders and
 * projections only ever see one shape per event type.
 */
export class EventSchemaRegistry {
  private readonly byType = new Map<string, Map<number, EventSchemaDefinition>>();

  register(...definitions: EventSchemaDefinition[]): this {
    for (const def of definitions) {
      const versions = this.byType.get(def.type) ?? new Map<number, EventSchemaDefinition>();
      if (versions.has(def.version)) throw new Error(`Event schema ${def.type} v${def.version} registered twice`);
      if (def.version > 1 && !def.upcastFromPrevious) {
        throw new Error(`Event schema ${def.type} v${def.version} needs upcastFromPrevious`);
      }
      versions.set(def.version, def);
      this.byType.set(def.type, versions);
    }
    return this;
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  types(): string[] {
    return [...this.byType.keys()].sort();
  }

  definitions(): EventSchemaDefinition[] {
    return [...this.byType.values()].flatMap((versions) => [...versions.values()]);
  }

  latestVersion(type: string): number {
    return Math.max(...this.versionsOf(type).keys());
  }

  /**
   * Validates data for an append; answers the parsed data and the version it is stored under. Beyond each
   * type's schema, no text anywhere in an event may hold what Postgres cannot store (NUL, lone surrogates).
   */
  validate(type: string, data: unknown): { version: number; data: unknown } {
    const version = this.latestVersion(type);
    const parsed = this.parse(type, version, data);
    const badText = unstorableTextPath(parsed);
    if (badText !== null) throw new InvalidEventDataError(type, [`${badText || '(root)'}: text must not contain NUL characters or lone UTF-16 surrogates`]);
    return { version, data: parsed };
  }

  /** Brings stored data up to the newest version of its type. */
  upcast(type: string, storedVersion: number, data: unknown): { version: number; data: unknown } {
    const versions = this.versionsOf(type);
    const latest = this.latestVersion(type);
    if (!versions.has(storedVersion)) throw new Error(`Event ${type} has no schema version ${storedVersion}`);
    let current = data;
    for (let v = storedVersion + 1; v <= latest; v++) {
      const def = versions.get(v);
      if (!def?.upcastFromPrevious) throw new Error(`Event ${type} cannot be upcast to v${v}`);
      current = def.upcastFromPrevious(current);
    }
    return { version: latest, data: storedVersion === latest ? current : this.parse(type, latest, current) };
  }

  private parse(type: string, version: number, data: unknown): unknown {
    const def = this.versionsOf(type).get(version);
    if (!def) throw new Error(`Event ${type} has no schema version ${version}`);
    const result = def.schema.safeParse(data);
    if (!result.success) {
      throw new InvalidEventDataError(
        type,
        result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
      );
    }
    return result.data;
  }

  private versionsOf(type: string): Map<number, EventSchemaDefinition> {
    const versions = this.byType.get(type);
    if (!versions) throw new UnknownEventTypeError(type);
    return versions;
  }
}

/** Path of the first text (value or key) Postgres cannot store, or null. Iterative: events can be deep. */
function unstorableTextPath(root: unknown): string | null {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return at;
        stack.push([child, at]);
      }
    }
  }
  return null;
}
