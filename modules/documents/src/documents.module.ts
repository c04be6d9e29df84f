import { Module } from '@nestjs/common';
import { APP_CONFIG } from '@tbo/kernel';
import { DocumentDownloadsController } from './downloads/document-downloads.controller';
import { DocumentFiles } from './downloads/document-files';
import { DocumentQueue } from './downloads/document-queue';
import { ManifestsController } from './manifests/manifests.controller';
import { CheckInClock } from './checkin/checkin-clock';
import { CheckInController } from './checkin/checkin.controller';
import { DOCUMENT_STORAGE, documentStorageFrom } from './downloads/document-storage';
import { TicketStockController } from './tickets/ticket-stock.controller';
import { TicketTypesController } from './tickets/ticket-types.controller';

/** Invoices and vouchers: made by the worker (documents processor), downloaded here. */
@Module({
  controllers: [DocumentDownloadsController, ManifestsController, CheckInController, TicketStockController, TicketTypesController],
  providers: [CheckInClock, DocumentQueue, DocumentFiles, { provide: DOCUMENT_STORAGE, inject: [APP_CONFIG], useFactory: documentStorageFrom }],
})
export class DocumentsModule {}
