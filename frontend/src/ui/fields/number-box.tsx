import { forwardRef, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/number';
import type { NumberNotice } from '../format/number-notice';
import { NumberInput, type NumberInputProps } from './inputs';

/** Long enough to read after the last keystroke; a newer notice replaces the one shown and starts the time again. */
const NUMBER_NOTICE_MS = 6000;

/** The notice a NumberInput last gave (for its onNotice), shown for NUMBER_NOTICE_MS. */
function useNumberNotice(): [NumberNotice | null, (notice: NumberNotice) => void] {
  const [notice, setNotice] = useState<NumberNotice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: NumberNotice) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), NUMBER_NOTICE_MS);
  }, []);
  return [notice, show];
}

/**
 * What the number field did with what was typed, under it. A status region present while empty, so a screen reader
 * says the words when they come, once per refusal.
 */
function NumberNoticeText({ notice, testId }: { notice: NumberNotice | null; testId?: string }) {
  const { t } = useTranslation('ui');
  let text = '';
  if (notice?.kind === 'max') text = t('number.max', { max: formatNumber(notice.max, 6) });
  else if (notice?.kind === 'min') text = t('number.min', { min: formatNumber(notice.min, 6) });
  else if (notice?.kind === 'decimals') text = t('number.decimals', { count: notice.n });
  else if (notice) text = t(`number.${notice.kind}`);
  return (
    <div className="tbo-field__notice" role="status" data-testid={testId}>
      {text}
    </div>
  );
}

export interface NumberBoxProps extends NumberInputProps {
  /** A unit after the input ('%', 'USD'). */
  suffix?: string;
  /** The notice's test id; by default the input's with '-notice'. */
  noticeTestId?: string;
}

/**
 * A NumberInput with its unit and, under both, what it did with a refused keystroke: the number control of a form
 * (NumberField is this bound to react-hook-form).
 */
export const NumberBox = forwardRef<HTMLInputElement, NumberBoxProps>(function NumberBox({ suffix, noticeTestId, ...input }, ref) {
  const [notice, showNotice] = useNumberNotice();
  const inputTestId = (input as { 'data-testid'?: string })['data-testid'];
  const testId = noticeTestId ?? (inputTestId ? `${inputTestId}-notice` : undefined);
  const control = <NumberInput ref={ref} {...input} onNotice={showNotice} />;
  return (
    <>
      {suffix ? (
        <span className="tbo-suffixed">
          {control}
          <span className="tbo-suffixed__suffix">{suffix}</span>
        </span>
      ) : (
        control
      )}
      <NumberNoticeText notice={notice} testId={testId} />
    </>
  );
});
