import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { externalProvidersProjection } from './external-providers.projection';

const spec = projectionSpec(externalProvidersProjection);

const KEY = { id: 12, supplierId: 7 };
const sealed = { ciphertext: 'c2VhbGVkLWtleQ==', iv: 'AAAAAAAAAAAAAAAA', tag: 'AAAAAAAAAAAAAAAAAAAAAA==' };
const stream = eventStream('externalprovider-12');

// One stream in order: revisions 0..2.
const saved = stream.event('ExternalProviderSaved', { ...KEY, name: 'Desert Tickets', baseUrl: 'https://octo.example.com/api/octo', apiKey: sealed });
const renamed = stream.event('ExternalProviderSaved', { ...KEY, name: 'Dune Tickets', baseUrl: 'https://octo2.example.com', apiKey: { ...sealed, ciphertext: 'b3RoZXIta2V5' } });
const deleted = stream.event('ExternalProviderDeleted', KEY);

const row = (over: Row = {}): Row => ({ id: 12, supplier_id: 7, name: 'Desert Tickets', base_url: 'https://octo.example.com/api/octo', has_api_key: true, is_deleted: false, version: 0, ...over });

describe('external providers projection', () => {
  it('maps a saved provider to its row, column by column, without its sealed key', async () => {
    await spec.given().when(saved).then({ external_providers: [row()] });
    const tables = await spec.given(saved).tables();
    expect(JSON.stringify(tables)).not.toContain(sealed.ciphertext);
  });

  it('takes a later save whole: name, base URL and version', () =>
    spec
      .given(saved)
      .when(renamed)
      .then({ external_providers: [row({ name: 'Dune Tickets', base_url: 'https://octo2.example.com', version: 1 })] }));

  it('marks a deleted provider, keeping its row', () =>
    spec
      .given(saved, renamed)
      .when(deleted)
      .then({ external_providers: [row({ name: 'Dune Tickets', base_url: 'https://octo2.example.com', is_deleted: true, version: 2 })] }));

  it('changes nothing when an event is delivered twice', async () => {
    await spec.given().when(saved).thenReplayChangesNothing();
    await spec.given(saved).when(renamed).thenReplayChangesNothing();
    await spec.given(saved, renamed).when(deleted).thenReplayChangesNothing();
  });

  it('keeps other providers apart', async () => {
    const other = eventStream('externalprovider-13').event('ExternalProviderSaved', { id: 13, supplierId: 8, name: 'Other', baseUrl: 'http://127.0.0.1:9000/octo', apiKey: sealed });
    const tables = await spec.given(saved, other).when(deleted).tables();
    expect(tables.external_providers).toEqual([row({ is_deleted: true, version: 2 }), { id: 13, supplier_id: 8, name: 'Other', base_url: 'http://127.0.0.1:9000/octo', has_api_key: true, is_deleted: false, version: 0 }]);
  });
});
