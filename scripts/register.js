// Runs the TypeScript sources directly: swc turns each file into CommonJS with decorator
// metadata (Nest's dependency injection needs it). Node 24 loads the ES-module-only
// NestJS 12 packages from CommonJS through require(esm).
require('@swc-node/register');
