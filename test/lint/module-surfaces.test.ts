import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The boundary rules fire: a module that imports another module's decider or stream name is refused by
 * `npm run lint` (eslint.config.mjs), while queries, commands and the kernel's own names pass.
 */
const root = join(__dirname, '..', '..');

/** The real eslint command on `code` as if it were `file` (in a process of its own: its config is an ES module). */
async function lint(file: string, code: string): Promise<string[]> {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', file, '--format', 'json'], { cwd: root, input: code, encoding: 'utf8' });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module surfaces (eslint no-restricted-imports)', () => {
  it("refuses another module's decider or stream name", async () => {
    const messages = await lint('modules/catalog/src/fixture.ts', "import { accountSettingsDecider, photoStream } from '@tbo/media';\nexport const x = [accountSettingsDecider, photoStream];\n");
    expect(messages.filter((m) => m.startsWith('no-restricted-imports'))).toHaveLength(2);
    expect(messages[0]).toMatch(/query on its index\.ts/);
  });

  it("lets queries, commands and the kernel's names through, and tests reach in", async () => {
    expect(await lint('modules/catalog/src/fixture.ts', "import { pricingSettingsOf } from '@tbo/supplier';\nimport { type Decider } from '@tbo/kernel';\nexport const x: [typeof pricingSettingsOf, Decider<never, never, never> | null] = [pricingSettingsOf, null];\n")).toEqual([]);
    expect(await lint('modules/catalog/src/fixture.spec.ts', "import { photoStream } from '@tbo/media';\nexport const x = photoStream;\n")).toEqual([]);
  });
});
