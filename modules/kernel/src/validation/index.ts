export * from './input-limits';
export * from './text-problems';
export * from './input-guard.middleware';
export * from './input-rules';
export * from './id.pipe';
export * from './xlsx-size';
