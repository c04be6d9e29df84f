import { useCallback, useEffect, useState } from 'react';
import { useNavigationType, useSearchParams } from 'react-router-dom';
import { asTourTab, type TourTab } from './tour-tabs';

/**
 * The open tab is in the address (?tab=terms), so links can open one (the offer editor's link to the tour's
 * cancellation policy) and reload keeps it. The tab shows at once and the address follows it (replace). Only a
 * link or back/forward (push, pop) to another ?tab= switches the tab from the address: our own replaces can land
 * after a later click.
 */
export function useTourTab(): [TourTab, (next: TourTab) => void] {
  const [search, setSearch] = useSearchParams();
  const navigationType = useNavigationType();
  const linkedTab = asTourTab(search.get('tab')) ?? 'basic';
  const [tab, setTabState] = useState<TourTab>(linkedTab);
  useEffect(() => {
    if (navigationType !== 'REPLACE') setTabState(linkedTab);
  }, [linkedTab, navigationType]);
  const setTab = useCallback(
    (next: TourTab) => {
      setTabState(next);
      setSearch(
        (prev) => {
          const params = new URLSearchParams(prev);
          if (next === 'basic') params.delete('tab');
          else params.set('tab', next);
          return params;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  return [tab, setTab];
}
