import type { RecordedEvent } from '@tbo/event-schemas';
import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, replayingTwice, type Row } from '../testing/projection-spec.testing';
import { languagesProjection } from './languages.projection';

const spec = projectionSpec(languagesProjection);

const language = eventStream('language-6');
const added = language.event('LanguageAdded', { id: 6, name: 'German', code: 'de', isOffers: true, imgUrl: '/flags/de.svg' });
const changed = language.event('LanguageChanged', { id: 6, name: 'Deutsch', code: 'de-DE', isOffers: false, imgUrl: null });
const deleted = language.event('LanguageDeleted', { id: 6 });
const restored = language.event('LanguageRestored', { id: 6 });

const addedRow: Row = { id: 6, name: 'German', code: 'de', is_offers: true, is_deleted: false, img_url: '/flags/de.svg' };

/** updated_at is when the row was applied: later than the state before, whatever it was. */
async function expectApplied(history: RecordedEvent[], event: RecordedEvent, expected: Row) {
  const { before, after } = await spec.given(...history).when(event).beforeAndAfter();
  expect(after.languages).toEqual([{ ...expected, updated_at: expect.any(Date) }]);
  const previous = before.languages![0]?.updated_at as Date | undefined;
  if (previous) expect((after.languages![0]!.updated_at as Date).getTime()).toBeGreaterThan(previous.getTime());
}

describe('languages projection', () => {
  it('adds a language', () => expectApplied([], added, addedRow));

  it('restates every field on a change', () => expectApplied([added], changed, { id: 6, name: 'Deutsch', code: 'de-DE', is_offers: false, is_deleted: false, img_url: null }));

  it('adds the language when a change comes first', () => expectApplied([], changed, { id: 6, name: 'Deutsch', code: 'de-DE', is_offers: false, is_deleted: false, img_url: null }));

  it('marks the language deleted and restored, each a new update for the sync', async () => {
    await expectApplied([added], deleted, { ...addedRow, is_deleted: true });
    await expectApplied([added, deleted], restored, { ...addedRow, is_deleted: false });
  });

  it('keeps a deleted language deleted through a change', () => expectApplied([added, deleted], changed, { id: 6, name: 'Deutsch', code: 'de-DE', is_offers: false, is_deleted: true, img_url: null }));

  // A replay moves updated_at on purpose: a sync then hands the unchanged row out once more.
  replayingTwice(spec, [
    ['LanguageAdded', [], added],
    ['LanguageChanged', [added], changed],
    ['LanguageDeleted', [added], deleted],
    ['LanguageRestored', [added, deleted], restored],
  ], { volatile: ['updated_at'] });
});
