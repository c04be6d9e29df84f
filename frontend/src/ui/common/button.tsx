import './ui.css';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
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

/** The one button of the building blocks: default, primary, ghost or danger; optional icon; icon-only with a tooltip. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'md', icon, iconOnly, label, busy, children, className, type = 'button', disabled, ...rest },
  ref,
) {
  const iconNode = typeof icon === 'string' ? <Icon name={icon as IconName} size={size === 'sm' ? 14 : 16} /> : icon;
  return (
    <button
      ref={ref}
      type={type}
      className={cx('tbo-btn', `tbo-btn--${variant}`, `tbo-btn--${size}`, iconOnly && 'tbo-btn--icon', busy && 'tbo-btn--busy', className)}
      title={iconOnly ? label : rest.title}
      aria-label={iconOnly ? label : rest['aria-label']}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      {...rest}
    >
      {busy ? <span className="tbo-spinner tbo-spinner--sm" aria-hidden="true" /> : iconNode}
      {!iconOnly && label !== undefined && <span className="tbo-btn__label">{label}</span>}
      {children}
    </button>
  );
});
