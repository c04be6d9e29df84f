export { ConnectivityModule } from './connectivity.module';
export { OCTO_CLIENT, type OctoClient, type OctoConnection, type OctoAvailabilityQuery, type OctoAvailability, type OctoOption, type OctoProduct } from './octo/octo-client.port';
export { OctoError, OctoHttpError, OctoMalformedAnswerError, OctoTimeoutError, OctoUnreachableError, OctoProductNotFoundError, OctoOptionNotFoundError, OCTO_ERROR_TITLE } from './octo/octo-errors';
export { octoCallConfig, DEFAULT_OCTO_TIMEOUT_MS } from './octo/octo-config';
export * from './external/external-catalog.pure';
export * from './providers/external-provider-rules.pure';
export { externalProviderDecider, externalProviderStream, EXTERNAL_PROVIDER_NOT_FOUND, type ExternalProviderView } from './providers/external-provider';
export { SaveExternalProviderCommand, DeleteExternalProviderCommand } from './providers/external-provider.commands';
export type { SavedExternalProvider, DeletedExternalProvider } from './providers/save-external-provider.handler';
// reseller keys (the OCTO supplier API's callers)
export * from './resellers/reseller-key-rules.pure';
export { ResellerKeyGuard, LAST_USED_EVERY_MS } from './resellers/reseller-key.guard';
export { CurrentReseller, ResellerForbiddenException, type ResellerCaller } from './resellers/reseller-caller';
export { IssueResellerKeyCommand, RevokeResellerKeyCommand, type IssuedResellerKey, type RevokedResellerKey } from './resellers/reseller-key.commands';
export { hashResellerKey } from './resellers/reseller-key-secret';
// the OCTO supplier API (/octo)
export { OctoClock } from './octo-server/octo-clock';
export { OctoFaults } from './octo-server/octo-faults';
export { octoConfirmationsProcessManager, octoConfirmationsProcessor, OCTO_CONFIRMATIONS_QUEUE, SETTLE_OCTO_CONFIRMATION_JOB, OCTO_CONFIRMATION_SETTLE_DELAY_MS } from './octo-server/reservations/octo-confirmations.process-manager';
export { settleOctoConfirmation, recordBookingMade, type OctoConfirmationJob, type BookingMadeOutcome } from './octo-server/reservations/octo-booking-made';
