import '../common/ui.css';
import './fields.css';
import { Children, cloneElement, isValidElement, useId, type ReactNode } from 'react';
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
  /** Id of the error or hint, for a control inside a wrapper to name in its own aria-describedby (the bound fields do). */
  messageId?: string;
  children: ReactNode;
}

/** An aria-describedby with `id` added once to the ids it has. */
export function withDescription(describedBy: string | undefined, id: string | undefined): string | undefined {
  const ids = new Set((describedBy ?? '').split(/\s+/).filter(Boolean));
  if (id) ids.add(id);
  return ids.size ? [...ids].join(' ') : undefined;
}

/**
 * A screen reader reads a description when the control itself names it, not its wrapper: a Field whose one child is
 * its control (the element the label names, or a group control with an id) gets the message's id added to it here.
 */
function describedControl(children: ReactNode, htmlFor: string | undefined, messageId: string | undefined): ReactNode {
  if (!messageId || Children.count(children) !== 1 || !isValidElement<{ id?: unknown; 'aria-describedby'?: string }>(children)) return children;
  const { id, 'aria-describedby': describedBy } = children.props;
  if (typeof id !== 'string' || (htmlFor !== undefined && id !== htmlFor)) return children;
  return cloneElement(children, { 'aria-describedby': withDescription(describedBy, messageId) });
}

/**
 * Label (with a required asterisk), the control, then its error message or hint. The message is the control's
 * description (read with it when it gets the focus, as a failed save's first wrong field does), not an alert of its
 * own: one alert per field, again at every keystroke that changes it, drowned the form's own summary of a failed save.
 */
export function Field({ label, required, error, hint, htmlFor, labelId, className, aside, messageId: givenMessageId, children }: FieldProps) {
  const { t } = useTranslation('ui');
  const autoId = useId();
  const messageId = givenMessageId ?? (htmlFor ? `${htmlFor}-message` : autoId);
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
      <div className="tbo-field__control">{describedControl(children, htmlFor, error || hint ? messageId : undefined)}</div>
      {error ? (
        <div className="tbo-field__error" id={messageId}>
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
