export * from './reports.projection';
export * from './reports.queries';
export * from './report-replay';
export * from './report-asof';
export * from './statements';
