export { ReportsModule } from './reports.module';
export { REPORT_ROLES } from './reports.controller';
export { reportsProcessor, REPORTS_QUEUE, type AsOfJob } from './report-jobs';
