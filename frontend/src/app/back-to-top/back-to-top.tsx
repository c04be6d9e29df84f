import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';
import { backToTopBottom, type Box } from './back-to-top-clear';

/** Appears after the page is scrolled more than 100 px (spec 01 §1) and takes it back to the top. */
export const BACK_TO_TOP_AFTER_PX = 100;

/**
 * The attribute that marks a bar kept at the bottom of the window (the add-booking page's sticky save bar): the
 * button rises above it rather than cover its buttons (on a phone it sat on 'Save booking').
 */
export const BACK_TO_TOP_CLEAR = 'data-back-to-top-clear';

/** Where the button goes now: above any marked bar that reaches into its corner. */
function currentBottom(): number | null {
  const bars: Box[] = [...document.querySelectorAll(`[${BACK_TO_TOP_CLEAR}]`)].map((el) => el.getBoundingClientRect());
  return backToTopBottom(bars, { width: window.innerWidth, height: window.innerHeight });
}

export function BackToTop() {
  const { t } = useTranslation('shell');
  const [shown, setShown] = useState(false);
  const [bottom, setBottom] = useState<number | null>(null);
  useEffect(() => {
    const onScroll = () => {
      setShown(window.scrollY > BACK_TO_TOP_AFTER_PX);
      setBottom(currentBottom());
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    // A bar that grows or shrinks (a message shown in it) changes the page's height with it.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    resized?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      resized?.disconnect();
    };
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label={t('backToTop')}
      title={t('backToTop')}
      data-testid="back-to-top"
      style={bottom === null ? undefined : { bottom }}
      onClick={() => window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })}
    >
      <Icon name="arrow-up" />
    </button>
  );
}
