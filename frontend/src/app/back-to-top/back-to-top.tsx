import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';

/** Appears after the page is scrolled more than 100 px (spec 01 §1) and takes it back to the top. */
export const BACK_TO_TOP_AFTER_PX = 100;

export function BackToTop() {
  const { t } = useTranslation('shell');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > BACK_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label={t('backToTop')}
      title={t('backToTop')}
      data-testid="back-to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })}
    >
      <Icon name="arrow-up" />
    </button>
  );
}
