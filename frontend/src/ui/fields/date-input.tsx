import '../common/ui.css';
import './fields.css';
import { forwardRef, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { setRef } from '../common/set-ref';
import { Popover } from '../common/popover';
import { applyDateInput, formatDate, parseDate } from '../format/date';
import { Calendar } from './calendar';
import type { TextControlProps } from './inputs';

/** `value` is the date as shown: 'DD.MM.YYYY' (or partly typed). Convert with toIsoDate / formatDate at the API edge. */
export type DateInputProps = TextControlProps;

/**
 * A DD.MM.YYYY date: typed (digits only, dots come by themselves) or picked from a calendar
 * (the button, or Alt+ArrowDown in the input).
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput({ value, onChange, size = 'md', invalid, className, onKeyDown, ...rest }, ref) {
  const { t } = useTranslation('ui');
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLSpanElement>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const popId = useId();
  const current = value ?? '';
  const incomplete = current !== '' && current.length === 10 && !parseDate(current);
  return (
    <span className={cx('tbo-affix', size === 'sm' && 'tbo-affix--sm')} ref={wrapRef}>
      <input
        ref={(el) => {
          inputRef.current = el;
          setRef(ref, el);
        }}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('date.placeholder')}
        maxLength={10}
        className={cx('tbo-input tbo-input--date', size === 'sm' && 'tbo-input--sm', className)}
        value={current}
        aria-invalid={invalid || incomplete || undefined}
        onChange={(e) => {
          const next = applyDateInput(current, e.target.value);
          if (next !== current) onChange(next);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && e.altKey) {
            e.preventDefault();
            setOpen(true);
          }
          onKeyDown?.(e);
        }}
        {...rest}
      />
      <button
        type="button"
        className="tbo-affix__btn"
        aria-label={t('date.openCalendar')}
        title={t('date.openCalendar')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popId : undefined}
        disabled={rest.disabled}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="calendar" size={size === 'sm' ? 13 : 15} />
      </button>
      <Popover open={open} anchorRef={wrapRef} onClose={() => setOpen(false)} width={280} id={popId} ariaLabel={t('date.calendar')}>
        <Calendar
          value={parseDate(current)}
          autoFocus
          onPick={(d) => {
            onChange(formatDate(d));
            setOpen(false);
            inputRef.current?.focus();
          }}
        />
      </Popover>
    </span>
  );
});
