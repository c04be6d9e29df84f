import type { Knex } from 'knex';
import { asOfTable, requestAsOfBuild, runAsOfBuild, allProjections, type EventFeed, type Projection } from '@tbo/read-models';

/**
 * `npm run projections -- replay <name> --until <time>`: the projection's code over the events recorded up to
 * the moment, every supplier's, into tables of its own (`<table>_a<build>`), as the reports' "as of" job does
 * for one supplier. The same moment asked again within the day answers the build already made; builds are
 * dropped after a day.
 */
export async function replayUntil(db: Knex, feed: EventFeed, projection: Projection, untilText: string, print: (line: string) => void): Promise<void> {
  const until = new Date(untilText);
  const started = Date.now();
  const { build, created } = await requestAsOfBuild(db, projection.name, null, until);
  if (!created && build.status === 'done') {
    print(`${projection.name} as of ${build.until}: already replayed (${build.events} events)`);
  } else {
    print(`replaying ${projection.name} up to ${until.toISOString()} (build ${build.id})`);
    let shown = 0;
    const done = await runAsOfBuild(db, feed, allProjections, build.id, (p) => {
      if (Date.now() - shown < 1000) return;
      shown = Date.now();
      print(`  ${Math.round(p.fraction * 100)}% (${p.events} events)`);
    });
    print(`replayed ${done.events} events in ${Date.now() - started} ms`);
  }
  print(`tables: ${Object.keys(projection.tables).map((t) => asOfTable(t, build.id)).join(', ')} (dropped after a day)`);
}
