// Architecture boundaries from docs (ARCHITECTURE.md, "Rules that keep the house simple"), checked by
// `npm run lint`:  depcruise --config .dependency-cruiser.cjs apps modules read-models event-schemas
// (add `frontend` to that list once frontend/src exists; its rules below are ready).
//
// Paths are repository-relative. Workspace imports (`@tbo/kernel`) resolve through the node_modules
// symlinks to their real folders (`modules/kernel/src/index.ts`), so every rule is written on real paths.

/** A workspace root: modules/<name>, apps/<name>, read-models, event-schemas, frontend. */
const WORKSPACE = '(modules/[^/]+|apps/[^/]+|read-models|event-schemas|frontend)';
/** Test code: specs, integration tests, contract suites and testing helpers. */
const TEST_CODE = ['\\.(spec|test)\\.[cm]?[jt]sx?$', '\\.contract\\.ts$', '\\.testing\\.ts$', '^test/'];
/** Module code the frontend may use: pure code only (no Nest, no I/O). */
const PURE_MODULE_CODE = ['^modules/[^/]+/src/pure/', '^modules/[^/]+/src/.*/pure/', '^modules/[^/]+/src/.+\\.pure\\.ts$'];
/** Server-side packages that must never reach the browser bundle or pure code. */
const SERVER_PACKAGES = 'node_modules/(@nestjs|knex|pg|pg-copy-streams|bullmq|ioredis|@eventstore|express|passport|passport-jwt|jsonwebtoken|helmet|exceljs)/';

/**
 * A forbidden dependency: its name, why it is forbidden (the comment the report shows) and the from/to it matches.
 * Most rules are errors; a rule that is only a warning, or that is checked on the folder graph, says so.
 * @param {string} name
 * @param {{ comment: string; from: object; to: object; severity?: 'error' | 'warn'; scope?: 'module' | 'folder' }} rule
 */
const forbid = (name, { comment, severity = 'error', ...match }) => ({ name, comment, severity, ...match });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('read-models-only-event-schemas', {
      comment:
        'read-models/ imports only event-schemas/, pure module code (*.pure.ts, pure/ folders: shapes and rules the ' +
        'decider, the read model and the browser share) and npm packages: never other module code, apps/* or the ' +
        'frontend. Projections and queries are rebuilt from events; they must not depend on the write side.',
      from: { path: '^read-models/' },
      to: { path: '^(modules|apps|frontend)/', pathNot: PURE_MODULE_CODE },
    }),
    forbid('event-schemas-standalone', {
      comment: 'event-schemas/ is the bottom layer: it imports no other workspace (npm packages such as zod only).',
      from: { path: '^event-schemas/' },
      to: { path: '^(modules|apps|read-models|frontend)/' },
    }),
    forbid('no-deep-workspace-import', {
      comment:
        'Workspaces use each other only through their public surface, src/index.ts (imported as @tbo/<name>). ' +
        'This forbids importing another module\'s (or read-models\', event-schemas\') internal files.',
      from: { path: `^${WORKSPACE}/`, pathNot: TEST_CODE },
      to: { path: `^${WORKSPACE}/`, pathNot: ['^$1/', `^${WORKSPACE}/src/index\\.ts$`, ...PURE_MODULE_CODE] },
    }),
    forbid('no-deep-workspace-import-from-tests', {
      comment:
        'Tests may also reach another workspace\'s testing helpers (*.testing.ts) and contract suites (*.contract.ts), ' +
        'but no other internal file.',
      from: { path: `^${WORKSPACE}/.+(\\.(spec|test)\\.ts|\\.contract\\.ts|\\.testing\\.ts)$` },
      to: {
        path: `^${WORKSPACE}/`,
        pathNot: ['^$1/', `^${WORKSPACE}/src/index\\.ts$`, '\\.(testing|contract)\\.ts$', ...PURE_MODULE_CODE],
      },
    }),
    forbid('no-relative-cross-workspace-import', {
      comment: 'Import another workspace by its package name (@tbo/<name>), not by a relative path into its folder.',
      from: { path: `^${WORKSPACE}/` },
      // Through the package name the dependency is 'aliased-workspace' (and 'local'); a relative path is only 'local'.
      to: { path: `^${WORKSPACE}/`, pathNot: '^$1/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased-workspace'] },
    }),
    forbid('modules-not-to-apps', {
      comment: 'modules/* never import apps/*: the apps compose the modules, not the other way round.',
      from: { path: '^modules/' },
      to: { path: '^apps/' },
    }),
    forbid('apps-not-to-apps', {
      comment: 'apps/api and apps/worker share code through modules, never through each other.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    }),
    forbid('no-workspace-cycles', {
      comment:
        'No circular dependencies between workspaces (e.g. catalog -> booking -> catalog), checked on the folder ' +
        'graph. Since cross-workspace imports must go to src/index.ts, every workspace edge lands on a <workspace>/src node.',
      scope: 'folder',
      from: { path: `^${WORKSPACE}/src$` },
      to: { path: `^${WORKSPACE}/src$`, pathNot: '^$1/src$', circular: true },
    }),
    forbid('no-cross-workspace-file-cycles', {
      comment: 'A file-level import cycle that runs through more than one workspace.',
      from: { path: `^${WORKSPACE}/` },
      to: { path: `^${WORKSPACE}/`, pathNot: '^$1/', circular: true },
    }),
    forbid('no-circular', {
      comment:
        'A file-level import cycle inside one workspace. A warning: it makes load order fragile (Nest providers come ' +
        'out undefined). Cycles made only of type imports are harmless and ignored.',
      severity: 'warn',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    }),
    forbid('not-to-test', {
      comment:
        'Non-test code never imports tests (*.spec.ts, *.test.ts). Contract suites (*.contract.ts) and testing ' +
        'helpers (*.testing.ts) are test code themselves, so they may.',
      from: { pathNot: TEST_CODE },
      to: { path: '\\.(spec|test)\\.[cm]?[jt]sx?$' },
    }),
    forbid('not-to-contract-suites', {
      comment: 'Contract suites (*.contract.ts) are test helpers: imported by tests only, never by production code.',
      from: { pathNot: TEST_CODE },
      to: { path: '\\.contract\\.ts$' },
    }),
    forbid('testing-helpers-outside-production', {
      comment:
        'Testing helpers (*.testing.ts, e.g. the given/when/then decider helper, which calls jest\'s expect) belong to ' +
        'tests. Tests may import them directly (@tbo/kernel/src/decider/decider.testing is allowed from tests); ' +
        're-exporting them from a production index.ts ships test code in the public surface.',
      severity: 'warn',
      from: { pathNot: TEST_CODE },
      to: { path: '\\.testing\\.ts$' },
    }),
    forbid('frontend-only-pure-module-code', {
      comment:
        'frontend/src imports from modules only pure code: files under a pure/ folder and *.pure.ts files. ' +
        'A module\'s index.ts carries Nest code, so ' +
        '`@tbo/<module>` itself is forbidden here.',
      from: { path: '^frontend/src/' },
      to: { path: '^modules/', pathNot: PURE_MODULE_CODE },
    }),
    forbid('frontend-not-to-server', {
      comment: 'frontend/src never imports apps/*, read-models/ or server-side packages (Nest, knex, pg, bullmq ...).',
      from: { path: '^frontend/src/' },
      to: { path: ['^apps/', '^read-models/', SERVER_PACKAGES] },
    }),
    forbid('frontend-no-cross-feature-import', {
      comment:
        'A feature (frontend/src/features/<a>) never imports another feature (frontend/src/features/<b>): what two ' +
        'features share lives in frontend/src/ui (controls) or frontend/src/app (app-wide API, types, hooks). ' +
        'test/lint/feature-boundaries.test.ts shows the rule firing.',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    }),
    forbid('pure-stays-pure', {
      comment:
        'Pure module code (shared with the frontend) imports only other pure code, event-schemas and harmless npm ' +
        'packages: no Nest, no database, no queue, no other module file. Keeps the frontend rule honest transitively.',
      from: { path: PURE_MODULE_CODE },
      to: { path: ['^modules/', '^apps/', '^read-models/', SERVER_PACKAGES], pathNot: PURE_MODULE_CODE },
    }),
    forbid('no-unresolvable', {
      comment: 'An import that resolves to nothing: a typo, a missing file, or a package that is not installed.',
      from: {},
      to: { couldNotResolve: true },
    }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is not excluded (that would drop every npm dependency from the graph and blind the
    // server-package rules); it is only not followed.
    exclude: { path: ['^\\.tools/', '(^|/)dist/', '(^|/)coverage/'] },
    // Type-only imports are dependencies too: `import type { X } from '@tbo/kernel'` in read-models is a violation.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Follow node_modules/@tbo/* symlinks to the real workspace folders.
    preserveSymlinks: false,
    // Workspaces have no dependencies of their own in package.json; the root package.json declares them all.
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.cjs', '.mjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
