import './ui.css';
import { forwardRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { Icon, type IconName } from './icons';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'ghost' | 'danger';
  size?: 'sm' | 'md';
  icon?: IconName | ReactNode;
  /** Icon only: `label` becomes the tooltip and accessible name. */
  iconOnly?: boolean;
  label?: string;
  busy?: boolean;
}

/**
 * The one button of the building blocks: default, primary, ghost or danger; optional icon; icon-only with a tooltip.
 *
 * A busy button is aria-disabled and ignores clicks rather than being `disabled`: a disabled button drops the focus
 * it holds to <body>, so the keyboard user who pressed it would start again from the top of the page. Swallowing the
 * click also stops a form's implicit submission (Enter in a field clicks the default button) while it is busy.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'md', icon, iconOnly, label, busy, children, className, type = 'button', disabled, onClick, ...rest },
  ref,
) {
  // Busy wins over disabled, which callers often pass as well (`disabled={busy || !valid}`): the focus stays either way.
  const waiting = Boolean(busy);
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (waiting) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const iconNode = typeof icon === 'string' ? <Icon name={icon as IconName} size={size === 'sm' ? 14 : 16} /> : icon;
  return (
    <button
      ref={ref}
      type={type}
      className={cx('tbo-btn', `tbo-btn--${variant}`, `tbo-btn--${size}`, iconOnly && 'tbo-btn--icon', busy && 'tbo-btn--busy', className)}
      title={iconOnly ? label : rest.title}
      aria-label={iconOnly ? label : rest['aria-label']}
      aria-busy={busy || undefined}
      {...rest}
      aria-disabled={waiting || rest['aria-disabled'] || undefined}
      disabled={disabled && !waiting}
      onClick={click}
    >
      {busy ? <span className="tbo-spinner tbo-spinner--sm" aria-hidden="true" /> : iconNode}
      {!iconOnly && label !== undefined && <span className="tbo-btn__label">{label}</span>}
      {children}
    </button>
  );
});
