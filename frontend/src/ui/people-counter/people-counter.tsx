import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../common/ui.css';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { canDecrement, canIncrement, clampPeople, formatAed, peopleTotal, stepButtonState } from './people-counter.logic';
import './people-counter.css';

export interface PeopleCounterProps {
  /** e.g. 'Adults'. */
  label: string;
  /** e.g. '12+ years'. */
  description?: string;
  value: number;
  onChange: (value: number) => void;
  /** The count cannot go below this (default 0). */
  min?: number;
  max?: number;
  /** Price per person in AED; the counter shows it and the total. */
  price?: number;
  currency?: string;
  disabled?: boolean;
  /** Reason shown instead of the buttons when disabled (e.g. 'Children not allowed'). */
  disabledReason?: string;
  /** Id of the count input, for a form to move the focus to it (a save refused for this count). */
  id?: string;
  /** The count is wrong (its form's message says why): the count input is marked aria-invalid. */
  invalid?: boolean;
  /** Id of the message that describes the count (its Field's error), read when the count input gets the focus. */
  describedBy?: string;
}

/** A people counter with price (spec 01 §1): minus / count / plus, never below its minimum; price with 2 decimals and AED. */
export function PeopleCounter({ label, description, value, onChange, min, max, price, currency = 'AED', disabled, disabledReason, id, invalid, describedBy }: PeopleCounterProps) {
  const { t } = useTranslation('ui');
  const labelId = useId();
  const set = (n: number) => onChange(clampPeople(n, min, max));
  const less = stepButtonState(canDecrement(value, min), disabled);
  const more = stepButtonState(canIncrement(value, max), disabled);
  // A press of − or + says the new count (the focus stays on the button, whose name does not change); typed counts
  // are read by the input itself.
  const [stepped, setStepped] = useState(false);
  const step = (by: number, allowed: boolean) => {
    if (!allowed) return;
    setStepped(true);
    set(value + by);
  };
  return (
    <div className={cx('tbo-people', disabled && 'tbo-people--disabled')} role="group" aria-labelledby={labelId}>
      <div className="tbo-people__who">
        <div className="tbo-people__label" id={labelId}>
          {label}
        </div>
        {description && <div className="tbo-people__desc">{description}</div>}
        {price !== undefined && (
          <div className="tbo-people__unit">
            {t('people.each', { price: formatAed(price, currency) })}
          </div>
        )}
      </div>
      {disabled && disabledReason ? (
        <div className="tbo-people__reason">{disabledReason}</div>
      ) : (
        <div className="tbo-people__stepper">
          <button type="button" className="tbo-people__btn" aria-label={t('people.less', { label })} disabled={less.disabled} aria-disabled={less.ariaDisabled} onClick={() => step(-1, !less.ariaDisabled)}>
            <Icon name="minus" size={14} strokeWidth={2.5} />
          </button>
          <input
            id={id}
            className="tbo-people__count"
            type="text"
            inputMode="numeric"
            aria-label={label}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={value}
            disabled={disabled}
            onChange={(e) => {
              setStepped(false);
              const digits = e.target.value.replace(/\D/g, '');
              set(digits === '' ? (min ?? 0) : Number(digits));
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowUp') {
                e.preventDefault();
                set(value + 1);
              } else if (e.key === 'ArrowDown') {
                e.preventDefault();
                set(value - 1);
              }
            }}
          />
          <button type="button" className="tbo-people__btn" aria-label={t('people.more', { label })} disabled={more.disabled} aria-disabled={more.ariaDisabled} onClick={() => step(1, !more.ariaDisabled)}>
            <Icon name="plus" size={14} strokeWidth={2.5} />
          </button>
          <span className="tbo-sr-only" aria-live="polite">
            {stepped ? `${label}: ${value}` : ''}
          </span>
        </div>
      )}
      {price !== undefined && (
        <div className="tbo-people__total" aria-live="polite">
          {formatAed(peopleTotal(value, price), currency)}
        </div>
      )}
    </div>
  );
}
