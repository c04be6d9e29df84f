import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Icon } from '../icons';

/**
 * A labelled input whose error is an icon with a tooltip next to the field (spec 02 §8). The tooltip shows while
 * the field has focus or the icon is hovered, and is always the field's accessible description.
 */
export function Field(
  props: {
    label: string;
    error?: string;
    hint?: ReactNode;
    required?: boolean;
    /** React 19: a ref is a plain prop (react-hook-form's register() passes one). */
    ref?: Ref<HTMLInputElement>;
  } & Omit<InputHTMLAttributes<HTMLInputElement>, 'ref'>,
) {
  const { label, error, hint, required, ref, id: givenId, className, ...input } = props;
  const autoId = useId();
  const id = givenId ?? autoId;
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="field__control">
        <input
          id={id}
          ref={ref}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
          {...input}
        />
        {error && (
          <span className="field__error" data-testid={`${input.name ?? id}-error`}>
            <Icon name="error" className="field__error-icon" />
            <span className="tooltip" role="tooltip" id={errorId}>
              {error}
            </span>
          </span>
        )}
      </div>
      {hint && <div className="field__hint">{hint}</div>}
    </div>
  );
}

/** A form-level message with an icon (server errors, session messages). */
export function FormMessage({ kind, children, testId }: { kind: 'error' | 'warning' | 'success'; children: ReactNode; testId?: string }) {
  return (
    <div className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <Icon name={kind === 'success' ? 'success' : kind === 'warning' ? 'warning' : 'error'} className="form-message__icon" />
      <span>{children}</span>
    </div>
  );
}
