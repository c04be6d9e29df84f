import { useTranslation } from 'react-i18next';
import '../common/ui.css';
import { cx } from '../common/cx';
import './seo-indicator.css';
import { seoStatus, type SeoKind } from './seo';

export interface SeoIndicatorProps {
  /** title: 50 < length < 70; description: 1 < length < 155; other: the length only. */
  kind: SeoKind;
  text: string | null | undefined;
  id?: string;
}

/** The SEO length indicator: the length, green inside the range and red outside, with the range as tooltip ('Between X to Y'). */
export function SeoIndicator({ kind, text, id }: SeoIndicatorProps) {
  const { t } = useTranslation('ui');
  const s = seoStatus(kind, text);
  const tooltip = s.valid === null ? undefined : t('seo.between', { min: s.min, max: s.max });
  const state = s.valid === null ? t('seo.length', { count: s.length }) : s.valid ? t('seo.good') : t('seo.bad');
  return (
    <span
      id={id}
      className={cx('tbo-seo', s.valid === true && 'tbo-seo--ok', s.valid === false && 'tbo-seo--bad')}
      title={tooltip}
      aria-label={tooltip ? `${t('seo.length', { count: s.length })}. ${state}. ${tooltip}` : state}
      data-valid={s.valid === null ? undefined : String(s.valid)}
      role="status"
    >
      {s.valid !== null && <span className="tbo-seo__dot" aria-hidden="true" />}
      <span className="tbo-seo__count">{s.max ? `${s.length} / ${s.max}` : s.length}</span>
    </span>
  );
}
