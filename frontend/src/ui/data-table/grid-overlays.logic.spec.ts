import { gridOverlayState } from './grid-overlays.logic';

const rows = [{ id: 1 }, { id: 2 }];

describe('gridOverlayState', () => {
  it('keeps saying the latest load failed while rows of an earlier load are still on screen', () => {
    expect(gridOverlayState({ rows, loading: false, error: 'Failed to fetch' })).toEqual({ loading: 'none', empty: false, error: 'stale' });
  });

  it('puts the error in the grid when there are no rows', () => {
    expect(gridOverlayState({ rows: [], loading: false, error: 'Failed to fetch' })).toEqual({ loading: 'none', empty: false, error: 'blocking' });
  });

  it('shows no error while the next load runs (Retry, a new filter)', () => {
    expect(gridOverlayState({ rows, loading: true, error: null }).error).toBe('none');
    expect(gridOverlayState({ rows, loading: true, error: 'Failed to fetch' })).toEqual({ loading: 'bar', empty: false, error: 'none' });
  });

  it('has the spinner on the first load, the empty note once loaded with no rows, and nothing over loaded rows', () => {
    expect(gridOverlayState({ rows: [], loading: true, error: null })).toEqual({ loading: 'first', empty: false, error: 'none' });
    expect(gridOverlayState({ rows: [], loading: false, error: null })).toEqual({ loading: 'none', empty: true, error: 'none' });
    expect(gridOverlayState({ rows, loading: false, error: null })).toEqual({ loading: 'none', empty: false, error: 'none' });
  });
});
