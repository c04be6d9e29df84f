import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { createEventRegistry, type NewEvent } from '@tbo/event-schemas';
import { languagesProjection, ProjectionRunner, syncLanguages, type LanguageView, type ProjectionStatus } from '@tbo/read-models';
import { liveGeneration, openKnex, openStore, projectionsCli, RecordingLogger, sleep, testMetadata, uniqueTag, waitFor } from './projection-test-kit';

/**
 * `npm run projections -- rebuild languages` while the API keeps answering the languages sync:
 * blue/green means no query fails or sees a partial list, the switch loses nothing the live
 * tables had, and the old generation's tables are gone afterwards.
 */

const tag = uniqueTag();
const SEEDED = 150;
const CHANGES_PER_LANGUAGE = 12; // ~2,000 events to rebuild from
// Ids far above what the sequences hand out, so other tests' languages never collide with ours.
const base = 1_500_000_000 + randomInt(0, 400_000_000);


/** Codes of 4+ characters: never one of the seeded two-letter codes ('ru'), which other tests seed through the commands. */
function languageData(id: number, version: number) {
  return { id, name: `Rebuild ${tag} ${id - base} v${version}`, code: `rb-${(id - base).toString(36)}`, isOffers: id % 3 !== 0, imgUrl: id % 2 ? `/flags/${id}.svg` : null };
}

describe('rebuild languages with the CLI while queries keep answering', () => {
  const storeHandle = openStore(createEventRegistry(), { max: 4, applicationName: `rebuild-store-${tag}` });
  const runnerDb: Knex = openKnex(`rebuild-runner-${tag}`, 3);
  const queryDb: Knex = openKnex(`rebuild-query-${tag}`, 4);
  const runner = new ProjectionRunner(runnerDb, storeHandle.store, languagesProjection, new RecordingLogger(), { pollMs: 100 });

  afterAll(async () => {
    await runner.stop();
    await runnerDb.destroy();
    await queryDb.destroy();
    await storeHandle.close();
  });

  it('switches generations with every query answered in full, then reports caught up', async () => {
    // Seed through the event store: added, changed a dozen times, every tenth one deleted.
    const expected = new Map<number, LanguageView>();
    for (let i = 1; i <= SEEDED; i++) {
      const id = base + i;
      const events: NewEvent[] = [{ type: 'LanguageAdded', data: languageData(id, 0) }];
      for (let v = 1; v <= CHANGES_PER_LANGUAGE; v++) events.push({ type: 'LanguageChanged', data: languageData(id, v) });
      if (i % 10 === 0) events.push({ type: 'LanguageDeleted', data: { id } });
      await storeHandle.store.appendToStream(`language-${id}`, events, { expectedRevision: 'no_stream', metadata: testMetadata() });
      const { name, code, isOffers, imgUrl } = languageData(id, CHANGES_PER_LANGUAGE);
      expected.set(id, { id, name, code, isOffers, isDeleted: i % 10 === 0, imgUrl });
    }

    await runner.start();
    await waitFor('the live languages projection to show the seed', async () => {
      const { languages } = await syncLanguages(queryDb, null, false);
      return [...expected.values()].every((l) => languages.some((x) => x.id === l.id && x.name === l.name && x.isDeleted === l.isDeleted));
    });
    const before = (await liveGeneration(queryDb, 'languages'))!;

    // Queries in a loop, from three clients, for the whole rebuild. Every answer must hold the whole
    // seed, and no client may ever see something go back: a language vanish, or an older name.
    let querying = true;
    let answers = 0;
    const problems: string[] = [];
    const lateIds: number[] = []; // languages added while the rebuild runs
    const versionOf = (name: string) => Number(/ v(\d+)$/.exec(name)?.[1] ?? -1);
    const queryLoop = async () => {
      // Per client: its queries run one after another, so what one answer showed, the next must show too.
      const seenLate = new Set<number>();
      const seenVersion = new Map<number, number>();
      while (querying) {
        try {
          const { languages } = await syncLanguages(queryDb, null, false);
          answers++;
          const byId = new Map(languages.map((l) => [l.id, l]));
          for (const want of expected.values()) {
            const got = byId.get(want.id);
            const v = got ? versionOf(got.name) : -1;
            if (!got || JSON.stringify({ ...got, name: '' }) !== JSON.stringify({ ...want, name: '' }) || v < CHANGES_PER_LANGUAGE) {
              problems.push(`answer ${answers}: language ${want.id} is ${JSON.stringify(got)}`);
            } else if (v < (seenVersion.get(want.id) ?? 0)) {
              problems.push(`answer ${answers}: language ${want.id} went back from v${seenVersion.get(want.id)} to v${v}`);
            } else seenVersion.set(want.id, v);
          }
          for (const id of seenLate) if (!byId.has(id)) problems.push(`answer ${answers}: late language ${id} disappeared`);
          for (const id of lateIds) if (byId.has(id)) seenLate.add(id);
        } catch (err) {
          problems.push(`query failed: ${(err as Error).message}`);
        }
        if (problems.length > 20) break;
        await sleep(1);
      }
    };
    const loops = [queryLoop(), queryLoop(), queryLoop()];

    // Events keep arriving while the rebuild runs (new languages, new names for seeded ones), so
    // the last events before the switch are ones the live tables already show.
    const latestVersion = new Map([...expected.keys()].map((id) => [id, CHANGES_PER_LANGUAGE]));
    const changeable = [...expected.values()].filter((l) => !l.isDeleted).map((l) => l.id);
    let adding = true;
    const adder = (async () => {
      for (let k = 0; adding; k++) {
        if (k % 2 === 0) {
          const id = base + SEEDED + 1 + lateIds.length;
          await storeHandle.store.appendToStream(`language-${id}`, [{ type: 'LanguageAdded', data: languageData(id, 0) }], {
            expectedRevision: 'no_stream',
            metadata: testMetadata(),
          });
          lateIds.push(id);
        } else {
          const id = changeable[k % changeable.length]!;
          const v = latestVersion.get(id)! + 1;
          await storeHandle.store.appendToStream(`language-${id}`, [{ type: 'LanguageChanged', data: languageData(id, v) }], {
            expectedRevision: 'stream_exists',
            metadata: testMetadata(),
          });
          latestVersion.set(id, v);
        }
        await sleep(2);
      }
    })();

    const rebuild = await projectionsCli('rebuild', 'languages');
    adding = false;
    await adder;
    const answersDuringRebuild = answers;
    querying = false;
    await Promise.all(loops);

    expect({ code: rebuild.code, stderr: rebuild.stderr }).toEqual({ code: 0, stderr: '' });
    expect(problems).toEqual([]);
    expect(answersDuringRebuild).toBeGreaterThan(20);
    expect(lateIds.length).toBeGreaterThan(20);

    // The new generation is live, the view points at it, the old tables are gone.
    const after = (await liveGeneration(queryDb, 'languages'))!;
    expect(after.generation).toBeGreaterThan(before.generation);
    expect(rebuild.stdout).toContain(`switched: generation ${after.generation} is live`);
    expect(rebuild.stdout).toMatch(/applied \d+ events/);
    const regclass = async (name: string) => (await queryDb.raw<{ rows: { r: string | null }[] }>('SELECT to_regclass(?)::text AS r', [name])).rows[0]!.r;
    expect(await regclass(`languages_g${before.generation}`)).toBeNull();
    expect(await regclass(`languages_g${after.generation}`)).toBe(`languages_g${after.generation}`);
    const view = await queryDb.raw<{ rows: { definition: string }[] }>("SELECT definition FROM pg_views WHERE viewname = 'languages'");
    expect(view.rows[0]!.definition).toContain(`languages_g${after.generation}`);
    expect(await queryDb('projection_generations').where({ name: 'languages' }).whereNot({ generation: after.generation })).toEqual([]);

    // Nothing lost across the switch: every event of the rebuild's time is in the new tables.
    await waitFor('the events written during the rebuild in the new generation', async () => {
      const byId = new Map((await syncLanguages(queryDb, null, false)).languages.map((l) => [l.id, l]));
      return (
        lateIds.every((id) => byId.has(id)) &&
        [...latestVersion].every(([id, v]) => byId.get(id)?.name === languageData(id, v).name)
      );
    });

    // The status command shows the new generation, running and caught up (other test files may be
    // appending events of their own at the same moment, so ask again briefly if it is behind).
    let status: ProjectionStatus | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await projectionsCli('status', '--json');
      expect(res.code).toBe(0);
      status = (JSON.parse(res.stdout) as ProjectionStatus[]).find((s) => s.name === 'languages');
      if (status?.caughtUp) break;
      await sleep(200);
    }
    expect(status).toMatchObject({ name: 'languages', generation: after.generation, state: 'running', caughtUp: true, parked: { count: 0, oldest: null }, building: null });
    const table = await projectionsCli('status');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(new RegExp(`^languages\\s+1\\s+${after.generation}\\s+running\\s+\\S+\\s+\\S+\\s+caught up`, 'm'));
  }, 90_000);
});
