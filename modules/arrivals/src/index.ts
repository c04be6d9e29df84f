export { ArrivalsModule } from './arrivals.module';
export * from './pure/arrival-status.pure';
export { inHouseGuestsFor, inHouseGroupInfoFor } from './in-house-guests';
export { ImportArrivalsCommand, type ArrivalImportAnswer } from './lists/import-arrivals.handler';
export { SaveGroupInfoCommand, LogGroupCommunicationCommand, type SavedGroupInfo } from './groups/arrival-group.handlers';
export { ARRIVALS_ROLES } from './arrivals.controller';
