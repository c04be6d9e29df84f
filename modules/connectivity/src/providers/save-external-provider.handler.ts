import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, IdGenerator, versioned } from '@tbo/kernel';
import { SecretBox } from '../secrets/secret-box';
import { externalProviders as providers, externalProviderView, type ExternalProviderView } from './external-provider';
import { DeleteExternalProviderCommand, SaveExternalProviderCommand } from './external-provider.commands';
import { providerAddressConfig } from './provider-address';

export interface SavedExternalProvider extends ExternalProviderView {
  version: number | null;
  position: string | null;
}

export interface DeletedExternalProvider {
  id: number;
  isDeleted: true;
  version: number | null;
  position: string | null;
}

/**
 * The key is sealed here, bound to the provider's stream, before the decider sees it: the decider stays pure
 * (sealing takes a random IV) and the clear key never reaches an event. Whether private addresses are allowed
 * (EXTERNAL_PROVIDERS_ALLOW_PRIVATE, tests only) is read here too and handed to the decider.
 */
@CommandHandler(SaveExternalProviderCommand)
export class SaveExternalProviderHandler implements ICommandHandler<SaveExternalProviderCommand, SavedExternalProvider> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    private readonly secrets: SecretBox,
  ) {}

  async execute({ supplierId, id: given, fields, context, version }: SaveExternalProviderCommand): Promise<SavedExternalProvider> {
    const { allowPrivate } = providerAddressConfig();
    const outcome = await providers.save(this.runner, {
      ids: this.ids,
      idKind: 'externalprovider',
      given,
      version,
      context,
      command: (id, isNew) => {
        const apiKey = fields.apiKey ? this.secrets.seal(fields.apiKey, providers.stream(id)) : null;
        return { type: 'SaveExternalProvider', id, supplierId, isNew, name: fields.name, baseUrl: fields.baseUrl, apiKey, allowPrivateAddresses: allowPrivate };
      },
    });
    return versioned(externalProviderView(outcome.state), outcome);
  }
}

@CommandHandler(DeleteExternalProviderCommand)
export class DeleteExternalProviderHandler implements ICommandHandler<DeleteExternalProviderCommand, DeletedExternalProvider> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ supplierId, id, context }: DeleteExternalProviderCommand): Promise<DeletedExternalProvider> {
    const outcome = await providers.run(this.runner, id, { type: 'DeleteExternalProvider', id, supplierId }, context);
    return versioned({ id, isDeleted: true as const }, outcome);
  }
}
