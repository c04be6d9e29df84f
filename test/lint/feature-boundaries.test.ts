import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The feature boundary fires: in the fixture, the offers feature imports a file of the tours feature and is
 * refused by the dependency-cruiser rule `npm run lint` runs, while imports inside one feature and into
 * frontend/src/app pass.
 */
const root = join(__dirname, '..', '..');
const fixture = join(__dirname, 'fixtures', 'cross-feature');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The real rules over the fixture's frontend/src; the fixture has no tsconfig.json of its own, so none is read. */
function cruiseFixture(): Violation[] {
  const dir = mkdtempSync(join(tmpdir(), 'depcruise-'));
  try {
    const config = join(dir, 'config.cjs');
    writeFileSync(config, `const base = require(${JSON.stringify(join(root, '.dependency-cruiser.cjs'))});\nmodule.exports = { ...base, options: { ...base.options, tsConfig: undefined } };\n`);
    const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
    const run = spawnSync(process.execPath, [bin, '--config', config, '--output-type', 'json', 'frontend/src'], { cwd: fixture, encoding: 'utf8' });
    const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
    return result.summary.violations;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('feature boundaries (dependency-cruiser)', () => {
  it('refuses an import from one feature into another, and only that one', () => {
    expect(cruiseFixture().map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([
      'frontend-no-cross-feature-import: frontend/src/features/offers/offer-label.ts -> frontend/src/features/tours/tour-name.ts',
    ]);
  });
});
