import { Module } from '@nestjs/common';
import { BookingModule } from '@tbo/booking';
import { APP_CONFIG, type AppConfig } from '@tbo/kernel';
import { SchedulingModule } from '@tbo/scheduling';
import { ExternalCatalog } from './external/external-catalog.service';
import { ExternalTimeSlotsController } from './external/external-timeslots.controller';
import { HttpOctoClient } from './octo/http-octo-client.adapter';
import { OCTO_CLIENT } from './octo/octo-client.port';
import { OCTO_SERVER_CONTROLLERS, OCTO_SERVER_PROVIDERS } from './octo-server/octo-server.providers';
import { ExternalProvidersController } from './providers/external-providers.controller';
import { ProviderConnections } from './providers/provider-connections';
import { DeleteExternalProviderHandler, SaveExternalProviderHandler } from './providers/save-external-provider.handler';
import { IssueResellerKeyHandler, RevokeResellerKeyHandler } from './resellers/reseller-key.handlers';
import { ResellerKeyGuard } from './resellers/reseller-key.guard';
import { ResellerKeysController } from './resellers/reseller-keys.controller';
import { SecretBox, secretsKeyConfig } from './secrets/secret-box';

/** Upstream ticket providers that speak OCTO, and the OCTO supplier API under /octo that resellers call. */
@Module({
  // Contracts: a reseller's key belongs to a contracted agency, and the guard checks the contract is active.
  // Departures: OCTO reservations hold seats on the same departures the agents book.
  imports: [BookingModule, SchedulingModule],
  controllers: [ExternalProvidersController, ExternalTimeSlotsController, ResellerKeysController, ...OCTO_SERVER_CONTROLLERS],
  providers: [
    { provide: SecretBox, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new SecretBox(secretsKeyConfig(process.env, config.JWT_SECRET)) },
    { provide: OCTO_CLIENT, useClass: HttpOctoClient },
    ProviderConnections,
    ExternalCatalog,
    SaveExternalProviderHandler,
    DeleteExternalProviderHandler,
    IssueResellerKeyHandler,
    RevokeResellerKeyHandler,
    ResellerKeyGuard,
    ...OCTO_SERVER_PROVIDERS,
  ],
  exports: [OCTO_CLIENT, ResellerKeyGuard],
})
export class ConnectivityModule {}
