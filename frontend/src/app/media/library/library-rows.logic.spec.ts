import { pagingInfo } from '@tbo/kernel/src/http/paging.pure';
import { isFailed, isProcessing, type Photo } from '../api/photo.schema';
import { pageToShow, shownPaging, shownRows } from './library-rows.logic';

const photo = (id: number, title = `p${id}`): Photo => ({ id, title, description: '', urlBig: null, urlMedium: null, urlSmall: null, usedInTours: [], usedInCountries: [], usedInWidgets: [], status: 'ready' });
const none = { onTop: [], edited: new Map<number, Photo>(), removed: new Set<number>() };

describe('shownRows', () => {
  it('leaves deleted photos out and lays edits over their rows', () => {
    const rows = shownRows([photo(1), photo(2), photo(3)], { ...none, removed: new Set([2]), edited: new Map([[3, photo(3, 'Dunes')]]) }, true);
    expect(rows.map((p) => `${p.id}:${p.title}`)).toEqual(['1:p1', '3:Dunes']);
  });
  it('keeps this visit’s uploads on top of the unfiltered first page only, once each', () => {
    const changes = { ...none, onTop: [photo(9), photo(2)] };
    expect(shownRows([photo(1), photo(2)], changes, true).map((p) => p.id)).toEqual([9, 2, 1]);
    expect(shownRows([photo(1), photo(2)], changes, false).map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('shownPaging', () => {
  it('counts what the grid shows after a delete the answer still holds', () => {
    expect(shownPaging(pagingInfo(1, 24, 3), 2)).toMatchObject({ from: 1, to: 2, totalItems: 2 });
    expect(shownPaging(pagingInfo(1, 24, 1), 0)).toMatchObject({ from: 0, to: 0, totalItems: 0 });
  });
  it('counts uploads the answer does not hold yet, also into an empty list', () => {
    expect(shownPaging(pagingInfo(1, 24, 2), 3)).toMatchObject({ from: 1, to: 3, totalItems: 3 });
    expect(shownPaging(pagingInfo(1, 24, 0), 1)).toMatchObject({ from: 1, to: 1, totalItems: 1 });
  });
  it('keeps the answer when nothing differs, and a later page’s offset', () => {
    const p = pagingInfo(2, 24, 30);
    expect(shownPaging(p, 6)).toBe(p);
    expect(shownPaging(p, 5)).toMatchObject({ from: 25, to: 29, totalItems: 29 });
    expect(shownPaging(null, 0)).toBeNull();
  });
});

describe('pageToShow', () => {
  it('follows the page the server answered when it clamped one past the last (its last photo was deleted)', () => {
    expect(pageToShow(3, pagingInfo(3, 24, 49), 1)).toBe(3);
    expect(pageToShow(3, pagingInfo(3, 24, 48), 24)).toBe(2);
    expect(pageToShow(2, pagingInfo(2, 24, 0), 0)).toBe(1);
  });
  it('goes back a page when this visit deleted every photo the answer still shows on a later page', () => {
    expect(pageToShow(2, pagingInfo(2, 24, 25), 0)).toBe(1);
    expect(pageToShow(1, pagingInfo(1, 24, 1), 0)).toBe(1);
  });
  it('stays without an answer', () => {
    expect(pageToShow(4, null, 0)).toBe(4);
  });
});

describe('isProcessing / isFailed', () => {
  it('a failed photo is not processing, so nothing polls for it', () => {
    const failed: Photo = { ...photo(1), status: 'failed' };
    expect(isFailed(failed)).toBe(true);
    expect(isProcessing(failed)).toBe(false);
    expect(isProcessing({ ...photo(2), status: 'processing' })).toBe(true);
    expect(isProcessing({ ...photo(3), status: undefined })).toBe(true);
    expect(isProcessing(photo(4))).toBe(false);
  });
});
