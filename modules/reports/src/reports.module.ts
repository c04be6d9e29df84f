import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';
import { ReportQueue } from './report-queue';
import { AgentStatementsController } from './statements/agent-statements.controller';
import { StatementsController } from './statements/statements.controller';
import { StatementsService } from './statements/statements.service';

/** Reports, live and as of any moment, and the commission statements (issue 17). */
@Module({
  // The statements' routes first: /api/reports/statements would otherwise be taken for a report kind.
  controllers: [StatementsController, AgentStatementsController, ReportsController],
  providers: [ReportQueue, StatementsService],
})
export class ReportsModule {}
