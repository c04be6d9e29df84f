import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon } from '../icons';

export interface DropdownItem {
  id: string;
  label: string;
  /** A link to this path; or, without one, a button doing `onSelect`. */
  to?: string;
  onSelect?: () => void;
  icon?: ReactNode;
}

/**
 * A header menu button with its menu (WAI-ARIA menu button pattern). Keyboard: Enter, Space or ArrowDown open it
 * on the first item, ArrowUp on the last; inside, ArrowUp/ArrowDown move (wrapping), Home/End jump, Escape closes
 * and returns focus to the button, Tab closes and moves on. A click outside or on an item closes it.
 */
export function Dropdown(props: { id: string; label: ReactNode; title?: string; items: DropdownItem[]; align?: 'start' | 'end'; className?: string; header?: ReactNode }) {
  const { id, label, title, items, align = 'start', className, header } = props;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const location = useLocation();
  const active = items.some((i) => i.to !== undefined && (location.pathname === i.to || location.pathname.startsWith(`${i.to}/`)));

  const menuItems = useCallback(() => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []), []);

  const focusItem = useCallback(
    (index: number) => {
      const all = menuItems();
      if (all.length) all[((index % all.length) + all.length) % all.length]!.focus();
    },
    [menuItems],
  );

  const openAt = (index: number) => {
    setOpen(true);
    // The menu renders on the next frame; focus its item then.
    requestAnimationFrame(() => focusItem(index < 0 ? items.length - 1 : index));
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // A navigation (by any means) closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(-1);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const current = menuItems().findIndex((el) => el === document.activeElement);
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        e.preventDefault();
        focusItem(0);
        break;
      case 'End':
        e.preventDefault();
        focusItem(items.length - 1);
        break;
      case 'Escape':
        e.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      case ' ':
        e.preventDefault();
        (document.activeElement as HTMLElement | null)?.click();
        break;
    }
  };

  return (
    <div className={`dropdown${open ? ' dropdown--open' : ''}${className ? ` ${className}` : ''}`} ref={rootRef} data-menu={id}>
      <button
        ref={buttonRef}
        type="button"
        className={`nav-link nav-link--button${active ? ' active' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={title}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {label}
        <Icon name="chevron-down" className="dropdown__caret" />
      </button>
      {open && (
        <ul ref={menuRef} className={`dropdown__menu dropdown__menu--${align}`} role="menu" id={menuId} aria-label={typeof label === 'string' ? label : title} onKeyDown={onMenuKey}>
          {header && (
            <li role="none" className="dropdown__header">
              {header}
            </li>
          )}
          {items.map((item) => (
            <li role="none" key={item.id}>
              {item.to === undefined ? (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="dropdown__item dropdown__item--button"
                  data-item={item.id}
                  onClick={() => {
                    setOpen(false);
                    item.onSelect?.();
                  }}
                >
                  {item.icon}
                  {item.label}
                </button>
              ) : (
                <NavLink to={item.to} role="menuitem" tabIndex={-1} end className="dropdown__item" data-item={item.id} onClick={() => setOpen(false)}>
                  {item.icon}
                  {item.label}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
