// One jest run covers every workspace. swc compiles our TypeScript and the ES-module-only
// packages (NestJS 12 and the file-type family it pulls in) to CommonJS for jest's loader.
const fs = require('node:fs');
const path = require('node:path');

const swc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swc.$schema;
const esmPackages = ['@nestjs', 'file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras', '@borewit',
  // sanitize-html's parser family
  'htmlparser2', 'domhandler', 'domutils', 'dom-serializer', 'entities', 'domelementtype'];

const shared = {
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', { ...swc, swcrc: false }] },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};

module.exports = {
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{modules,event-schemas,read-models,apps}/**/*.spec.ts', '<rootDir>/frontend/src/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/{modules,read-models,apps}/**/*.int.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
