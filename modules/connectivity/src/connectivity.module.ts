import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@tbo/kernel';
import { ExternalCatalog } from './external/external-catalog.service';
import { ExternalTimeSlotsController } from './external/external-timeslots.controller';
import { HttpOctoClient } from './octo/http-octo-client.adapter';
import { OCTO_CLIENT } from './octo/octo-client.port';
import { ExternalProvidersController } from './providers/external-providers.controller';
import { ProviderConnections } from './providers/provider-connections';
import { DeleteExternalProviderHandler, SaveExternalProviderHandler } from './providers/save-external-provider.handler';
import { SecretBox, secretsKeyConfig } from './secrets/secret-box';

/** Upstream ticket providers that speak OCTO (and, later, the OCTO supplier API under /octo). */
@Module({
  controllers: [ExternalProvidersController, ExternalTimeSlotsController],
  providers: [
    { provide: SecretBox, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new SecretBox(secretsKeyConfig(process.env, config.JWT_SECRET)) },
    { provide: OCTO_CLIENT, useClass: HttpOctoClient },
    ProviderConnections,
    ExternalCatalog,
    SaveExternalProviderHandler,
    DeleteExternalProviderHandler,
  ],
  exports: [OCTO_CLIENT],
})
export class ConnectivityModule {}
