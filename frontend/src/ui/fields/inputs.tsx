import '../common/ui.css';
import './fields.css';
import { forwardRef, useEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type Ref, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { setRef } from '../common/set-ref';
import { applyBoundedNumberInput, clampNumber, decimalText, parseNumberText } from '../format/number';
import { clampedNumberNotice, refusedNumberNotice, type NumberNotice } from '../format/number-notice';
import { applyTimeInput, completeTime, TIME_MAX_LENGTH } from '../format/time';
import { insertedText, refuseEdit } from './refused-edit';

export type ControlSize = 'sm' | 'md';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size' | 'type'>;

/** What every text-valued control (text, time, date) takes: the text as shown, and the changed text. */
export interface TextControlProps extends NativeInput {
  value: string;
  onChange: (value: string) => void;
  size?: ControlSize;
  invalid?: boolean;
}

export interface TextInputProps extends TextControlProps {
  type?: 'text' | 'email' | 'url' | 'tel' | 'search' | 'password';
}

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput({ value, onChange, size = 'md', invalid, className, type = 'text', ...rest }, ref) {
  return (
    <input
      ref={ref}
      type={type}
      className={cx('tbo-input', size === 'sm' && 'tbo-input--sm', className)}
      value={value ?? ''}
      aria-invalid={invalid || undefined}
      onChange={(e) => onChange(e.target.value)}
      {...rest}
    />
  );
});

export interface NumberInputProps extends NativeInput {
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Decimals allowed (default 4; prices are kept to 4 decimals). */
  decimals?: number;
  size?: ControlSize;
  invalid?: boolean;
  /** Told when a keystroke is refused or a value is moved into the bounds (NumberBox shows it under the field). */
  onNotice?: (notice: NumberNotice) => void;
}

/**
 * A number typed as text: only numeric text is taken, values past the bounds are clamped (below the minimum
 * on blur, so typing can pass through smaller numbers), empty means null.
 */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  { value, onChange, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, decimals = 4, size = 'md', invalid, className, onBlur, onNotice, ...rest },
  ref,
) {
  // Typed and shown with the interface language's decimal separator (a comma in Russian); either is taken.
  const { i18n } = useTranslation();
  const shown = (n: number | null | undefined) => (n === null || n === undefined ? '' : decimalText(String(n), i18n.language));
  const [text, setText] = useState(() => shown(value));
  const lastEmitted = useRef<number | null>(value);
  useEffect(() => {
    // Follow changes from outside (form reset, another field) but not our own echo.
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setText(shown(value));
    }
  }, [value]);
  const emit = (n: number | null) => {
    lastEmitted.current = n;
    onChange(n);
  };
  return (
    <input
      ref={ref}
      type="text"
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      className={cx('tbo-input tbo-input--number', size === 'sm' && 'tbo-input--sm', className)}
      value={text}
      aria-invalid={invalid || undefined}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        const typed = e.target.value;
        const next = decimalText(applyBoundedNumberInput(text, typed, { min, max, decimals }), i18n.language);
        if (next === text && typed !== text) {
          onNotice?.(refusedNumberNotice(typed, { min, decimals }));
          return refuseEdit(e.target, text, insertedText(e.nativeEvent));
        }
        setText(next);
        const n = parseNumberText(next);
        const typedN = parseNumberText(typed);
        const clamped = n === null || typedN === null ? null : clampedNumberNotice(typedN, n);
        if (clamped) onNotice?.(clamped);
        if (n !== lastEmitted.current) emit(n);
      }}
      onBlur={(e) => {
        const n = parseNumberText(text);
        if (n !== null) {
          const c = clampNumber(n, min, max);
          const clamped = clampedNumberNotice(n, c);
          if (clamped) onNotice?.(clamped);
          setText(shown(c));
          if (c !== lastEmitted.current) emit(c);
        } else if (text !== '') setText('');
        onBlur?.(e);
      }}
      {...rest}
    />
  );
});

/** `value` is 'HH:MM' (or partly typed). */
export type TimeInputProps = TextControlProps;

/** HH:MM (spec 01 §5): a wrong character keeps the previous text, the colon comes by itself, 5 characters at most. */
export const TimeInput = forwardRef<HTMLInputElement, TimeInputProps>(function TimeInput({ value, onChange, size = 'md', invalid, className, onBlur, ...rest }, ref) {
  const { t } = useTranslation('ui');
  const current = value ?? '';
  return (
    <span className={cx('tbo-affix', size === 'sm' && 'tbo-affix--sm')}>
      <input
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('time.placeholder')}
        maxLength={TIME_MAX_LENGTH}
        className={cx('tbo-input tbo-input--time', size === 'sm' && 'tbo-input--sm', className)}
        value={current}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          const next = applyTimeInput(current, e.target.value);
          if (next !== current) onChange(next);
          else refuseEdit(e.target, current, insertedText(e.nativeEvent));
        }}
        onBlur={(e) => {
          const done = completeTime(current);
          if (done !== current) onChange(done);
          onBlur?.(e);
        }}
        {...rest}
      />
      <span className="tbo-affix__icon">
        <Icon name="clock" size={size === 'sm' ? 13 : 15} />
      </span>
    </span>
  );
});

export interface SelectOption<V extends string | number = string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectInputProps<V extends string | number> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'size'> {
  options: SelectOption<V>[];
  value: V | null | undefined;
  onChange: (value: V | null) => void;
  /** Text of the empty choice; without it there is no empty choice once a value is set. */
  placeholder?: string;
  size?: ControlSize;
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (keyboard and screen readers for free) that gives back the option's own value type. */
export function SelectInput<V extends string | number>({ options, value, onChange, placeholder, size = 'md', invalid, className, ...rest }: SelectInputProps<V>) {
  const selected = value === null || value === undefined ? '' : String(value);
  const showEmpty = placeholder !== undefined || selected === '';
  return (
    <select
      className={cx('tbo-select', size === 'sm' && 'tbo-select--sm', selected === '' && 'tbo-select--empty', className)}
      value={selected}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        const opt = options.find((o) => String(o.value) === e.target.value);
        onChange(opt ? opt.value : null);
      }}
      {...rest}
    >
      {showEmpty && <option value="">{placeholder ?? ''}</option>}
      {options.map((o) => (
        <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label?: string;
  id?: string;
  disabled?: boolean;
  /** Id of an element naming the switch when `label` is not given. */
  labelledBy?: string;
  /** The error or hint that describes the control (its Field's message). */
  'aria-describedby'?: string;
  onBlur?: () => void;
  size?: ControlSize;
}

/** An on/off switch (role switch); Space or Enter flips it. */
export const Toggle = forwardRef<HTMLButtonElement, ToggleProps>(function Toggle({ checked, onChange, label, id, disabled, labelledBy, 'aria-describedby': describedBy, onBlur, size = 'md' }, ref) {
  return (
    <button
      ref={ref}
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={label ? undefined : labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      className={cx('tbo-toggle', checked && 'tbo-toggle--on', size === 'sm' && 'tbo-toggle--sm')}
      onClick={() => onChange(!checked)}
      onBlur={onBlur}
    >
      <span className="tbo-toggle__track" aria-hidden="true">
        <span className="tbo-toggle__thumb" />
      </span>
      {label && <span className="tbo-toggle__label">{label}</span>}
    </button>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'checked'> {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ checked, indeterminate, onChange, className, ...rest }, ref) {
  const inner = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = !!indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={(el) => {
        inner.current = el;
        setRef(ref, el);
      }}
      type="checkbox"
      className={cx('tbo-checkbox', className)}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      {...rest}
    />
  );
});
