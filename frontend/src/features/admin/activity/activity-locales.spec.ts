import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expectSameKeysNoneEmpty, localeText as at } from '../../../test-support/locale-files.testing';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');

/** Every .ts file under a folder (specs left out). */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });

/** The event types the registry defines (`type: 'X'` of event-schemas' definitions), less those the log leaves out. */
function activityTypes(): string[] {
  const defined = sources(join(ROOT, 'event-schemas', 'src')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\btype: '([A-Z]\w+)'/g)].map((m) => m[1]!));
  const projection = readFileSync(join(ROOT, 'read-models', 'src', 'activity', 'activity.projection.ts'), 'utf8');
  const left = /const NOT_ACTIVITY = new Set\(\[([^\]]*)\]\)/.exec(projection)?.[1] ?? '';
  const notActivity = new Set([...left.matchAll(/'(\w+)'/g)].map((m) => m[1]!));
  expect(notActivity.size).toBeGreaterThan(0);
  return [...new Set(defined)].filter((t) => !notActivity.has(t)).sort();
}

describe('activity.json', () => {
  it('has the same keys in en and ru, none empty', () => {
    expectSameKeysNoneEmpty('activity');
  });

  it('names in both languages the event types the log shows that were humanized English before', () => {
    const { en, ru } = expectSameKeysNoneEmpty('activity');
    const types = activityTypes();
    expect(types.length).toBeGreaterThan(50);
    // A type without a name is humanized in English (activity-item.logic.ts): these are named, so the Russian log says them.
    const named = ['CommissionStatementIssued', 'DepartureSeatsHeld', 'DepartureSeatsTaken', 'DepartureSeatsReleased', 'TicketCodesAllocated', 'TicketCodesReturned'];
    const octo = types.filter((t) => t.startsWith('OctoBooking'));
    expect(octo.length).toBeGreaterThan(3);
    expect(named.filter((t) => !types.includes(t))).toEqual([]);
    // Bookkeeping of an upload: its PhotoUploaded is the entry.
    expect(types).not.toContain('PhotoGuidClaimed');
    for (const t of [...named, ...octo]) {
      expect(typeof at(ru, `events.${t}`)).toBe('string');
      expect(at(ru, `events.${t}`)).not.toBe(at(en, `events.${t}`));
    }
    expect(at(ru, 'kinds.commissionstatements')).toBe('Отчёты по комиссиям');
  });
});
