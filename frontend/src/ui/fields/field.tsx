import '../common/ui.css';
import './fields.css';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';

export interface FieldProps {
  label?: ReactNode;
  /** Shows the asterisk (spec 01 §5). Validation itself lives in the form's schema. */
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Id of the control, for the label. */
  htmlFor?: string;
  /** For group controls (multi-select, toggle, rich text): the label names them via aria-labelledby. */
  labelId?: string;
  className?: string;
  /** Extra content at the right end of the label row (e.g. an SEO indicator). */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label (with a required asterisk), the control, then its error message or hint. */
export function Field({ label, required, error, hint, htmlFor, labelId, className, aside, children }: FieldProps) {
  const { t } = useTranslation('ui');
  const messageId = useId();
  return (
    <div className={cx('tbo-field', error && 'tbo-field--invalid', className)}>
      {(label || aside) && (
        <div className="tbo-field__head">
          {label && (
            <label className="tbo-field__label" htmlFor={htmlFor} id={labelId}>
              {label}
              {required && (
                <span className="tbo-field__required" title={t('field.required')} aria-hidden="true">
                  *
                </span>
              )}
              {required && <span className="tbo-sr-only"> ({t('field.required')})</span>}
            </label>
          )}
          {aside && <div className="tbo-field__aside">{aside}</div>}
        </div>
      )}
      <div className="tbo-field__control" aria-describedby={error || hint ? messageId : undefined}>
        {children}
      </div>
      {error ? (
        <div className="tbo-field__error" id={messageId} role="alert">
          {error}
        </div>
      ) : hint ? (
        <div className="tbo-field__hint" id={messageId}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
