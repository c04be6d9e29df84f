import { isPolling } from './list-photos';

// The API client (i18n, fetch) is not this spec's subject.
jest.mock('../../../lib/api-client', () => ({ apiCall: jest.fn() }));
import type { Photo } from './photo.schema';

/** Only the processing state matters here. */
const photo = (processing: boolean) => ({ status: processing ? 'processing' : 'ready' }) as unknown as Photo;

describe('the photo list poll', () => {
  it('runs in the background while a shown photo (or, with pollAnyway, an upload) is processed', () => {
    expect(isPolling([photo(false), photo(true)])).toBe(true);
    expect(isPolling([photo(false)], true)).toBe(true);
    expect(isPolling([photo(false)])).toBe(false);
  });

  it("the first read of a list is not a poll: it keeps the page's spinner", () => {
    expect(isPolling(undefined, true)).toBe(false);
  });
});
