import { Module } from '@nestjs/common';
import { ArrivalsController, HotelsWithArrivalsController } from './arrivals.controller';
import { ImportArrivalsHandler } from './lists/import-arrivals.handler';
import { LogGroupCommunicationHandler, SaveGroupInfoHandler } from './groups/arrival-group.handlers';

/** Arrival lists (imported or entered by hand), group info and the communication log (spec 02 §2 Arrivals). */
@Module({
  controllers: [ArrivalsController, HotelsWithArrivalsController],
  providers: [ImportArrivalsHandler, SaveGroupInfoHandler, LogGroupCommunicationHandler],
})
export class ArrivalsModule {}
