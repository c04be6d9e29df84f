export * from './commission-changes';
export * from './commission-statements.projection';
export * from './commission-statements.queries';
