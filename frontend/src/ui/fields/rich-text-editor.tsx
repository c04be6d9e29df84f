import '../common/ui.css';
import './fields.css';
import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon, type IconName } from '../common/icons';
import { Popover } from '../common/popover';
import { isRichTextEmpty, normalizeHref, sanitizeHtml, textToHtml } from './sanitize';

/** Height of the rich text editor (spec 01 §1). */
export const RICH_TEXT_HEIGHT = 250;

export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  height?: number;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  ariaLabelledBy?: string;
  onBlur?: () => void;
}

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList';

const COMMANDS: { cmd: Command; icon: IconName; key: string; shortcut?: string }[] = [
  { cmd: 'bold', icon: 'bold', key: 'bold', shortcut: 'Ctrl+B' },
  { cmd: 'italic', icon: 'italic', key: 'italic', shortcut: 'Ctrl+I' },
  { cmd: 'underline', icon: 'underline', key: 'underline', shortcut: 'Ctrl+U' },
  { cmd: 'insertUnorderedList', icon: 'listUl', key: 'bulletList' },
  { cmd: 'insertOrderedList', icon: 'listOl', key: 'numberedList' },
];

/** Runs an editing command on the current selection (contentEditable's built-in commands). */
function exec(command: string, arg?: string): void {
  // execCommand is the one editing API every browser has for contentEditable; it also keeps undo (Ctrl+Z) working.
  document.execCommand(command, false, arg);
}

/**
 * A small rich text editor of our own (contentEditable): bold, italic, underline, bullet and numbered
 * lists, links. Pasted and dropped content is sanitized (no scripts, event handlers or javascript: links),
 * and so is what it reports.
 */
export function RichTextEditor({ value, onChange, height = RICH_TEXT_HEIGHT, placeholder, disabled, invalid, id, ariaLabelledBy, onBlur }: RichTextEditorProps) {
  const { t } = useTranslation('ui');
  const editorRef = useRef<HTMLDivElement>(null);
  const lastEmitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const linkBtnRef = useRef<HTMLButtonElement>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [empty, setEmpty] = useState(isRichTextEmpty(value));
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkText, setLinkText] = useState('');
  const [linkError, setLinkError] = useState(false);

  // Take the value from outside unless it is what we just reported.
  useEffect(() => {
    const el = editorRef.current;
    if (!el || value === lastEmitted.current) return;
    const clean = sanitizeHtml(value);
    el.innerHTML = clean;
    lastEmitted.current = value;
    setEmpty(isRichTextEmpty(clean));
  }, [value]);

  const emit = useCallback(() => {
    const el = editorRef.current;
    if (!el) return;
    const raw = el.innerHTML;
    const html = isRichTextEmpty(raw) ? '' : sanitizeHtml(raw);
    setEmpty(html === '');
    if (html !== lastEmitted.current) {
      lastEmitted.current = html;
      onChange(html);
    }
  }, [onChange]);

  const refreshActive = useCallback(() => {
    const el = editorRef.current;
    const sel = document.getSelection();
    if (!el || !sel || !sel.anchorNode || !el.contains(sel.anchorNode)) return;
    const next: Record<string, boolean> = {};
    for (const c of COMMANDS) next[c.cmd] = document.queryCommandState(c.cmd);
    let n: Node | null = sel.anchorNode;
    while (n && n !== el) {
      if (n instanceof HTMLAnchorElement) next.link = true;
      n = n.parentNode;
    }
    setActive(next);
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refreshActive);
    return () => document.removeEventListener('selectionchange', refreshActive);
  }, [refreshActive]);

  const insertSanitized = (html: string) => {
    const clean = sanitizeHtml(html);
    if (clean) exec('insertHTML', clean);
    emit();
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const html = e.clipboardData.getData('text/html');
    insertSanitized(html || textToHtml(e.clipboardData.getData('text/plain')));
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    const html = e.dataTransfer.getData('text/html');
    const text = e.dataTransfer.getData('text/plain');
    if (!html && !text) return;
    e.preventDefault();
    const doc = document as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null };
    const range = doc.caretRangeFromPoint?.(e.clientX, e.clientY);
    if (range) {
      const sel = document.getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
    }
    insertSanitized(html || textToHtml(text));
  };

  const run = (cmd: Command) => {
    editorRef.current?.focus();
    exec(cmd);
    emit();
    refreshActive();
  };

  const openLink = () => {
    const sel = document.getSelection();
    if (sel && sel.rangeCount > 0 && editorRef.current?.contains(sel.anchorNode)) savedRange.current = sel.getRangeAt(0).cloneRange();
    let n: Node | null = sel?.anchorNode ?? null;
    let current = '';
    while (n && n !== editorRef.current) {
      if (n instanceof HTMLAnchorElement) current = n.getAttribute('href') ?? '';
      n = n.parentNode;
    }
    setLinkText(current);
    setLinkError(false);
    setLinkOpen(true);
  };

  const restoreSelection = () => {
    editorRef.current?.focus();
    const sel = document.getSelection();
    if (savedRange.current && sel) {
      sel.removeAllRanges();
      sel.addRange(savedRange.current);
    }
  };

  const applyLink = () => {
    const href = normalizeHref(linkText);
    if (!href) {
      setLinkError(true);
      return;
    }
    setLinkOpen(false);
    restoreSelection();
    const sel = document.getSelection();
    if (sel && sel.isCollapsed) exec('insertHTML', `<a href="${href.replace(/"/g, '&quot;')}">${textToHtml(linkText.trim())}</a>`);
    else exec('createLink', href);
    emit();
  };

  const removeLink = () => {
    restoreSelection();
    exec('unlink');
    emit();
    setLinkOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      openLink();
    }
  };

  return (
    <div className={cx('tbo-rte', invalid && 'tbo-rte--invalid', disabled && 'tbo-rte--disabled')}>
      <div className="tbo-rte__toolbar" role="toolbar" aria-label={t('richText.toolbar')}>
        {COMMANDS.map((c, i) => (
          <span key={c.cmd} className={cx(i === 3 && 'tbo-rte__sep')}>
            <button
              type="button"
              className={cx('tbo-rte__btn', active[c.cmd] && 'tbo-rte__btn--on')}
              aria-label={t(`richText.${c.key}`)}
              aria-pressed={!!active[c.cmd]}
              title={c.shortcut ? `${t(`richText.${c.key}`)} (${c.shortcut})` : t(`richText.${c.key}`)}
              disabled={disabled}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(c.cmd)}
            >
              <Icon name={c.icon} size={15} />
            </button>
          </span>
        ))}
        <span className="tbo-rte__sep">
          <button
            ref={linkBtnRef}
            type="button"
            className={cx('tbo-rte__btn', active.link && 'tbo-rte__btn--on')}
            aria-label={t('richText.link')}
            title={`${t('richText.link')} (Ctrl+K)`}
            aria-haspopup="dialog"
            aria-expanded={linkOpen}
            disabled={disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={openLink}
          >
            <Icon name="link" size={15} />
          </button>
        </span>
        <button
          type="button"
          className="tbo-rte__btn"
          aria-label={t('richText.clearFormatting')}
          title={t('richText.clearFormatting')}
          disabled={disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            editorRef.current?.focus();
            exec('removeFormat');
            exec('unlink');
            emit();
          }}
        >
          <Icon name="eraser" size={15} />
        </button>
      </div>
      <div className="tbo-rte__body" style={{ height }}>
        {empty && placeholder && (
          <div className="tbo-rte__placeholder" aria-hidden="true">
            {placeholder}
          </div>
        )}
        <div
          ref={editorRef}
          id={id}
          className="tbo-rte__content"
          contentEditable={!disabled}
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={ariaLabelledBy}
          aria-invalid={invalid || undefined}
          aria-placeholder={placeholder}
          tabIndex={disabled ? -1 : 0}
          onInput={emit}
          onPaste={onPaste}
          onDrop={onDrop}
          onKeyDown={onKeyDown}
          onKeyUp={refreshActive}
          onMouseUp={refreshActive}
          onFocus={() => exec('defaultParagraphSeparator', 'p')}
          onBlur={() => {
            emit();
            onBlur?.();
          }}
        />
      </div>
      <Popover open={linkOpen} anchorRef={linkBtnRef} onClose={() => setLinkOpen(false)} width={320} ariaLabel={t('richText.link')}>
        <form
          className="tbo-rte__link"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            applyLink();
          }}
        >
          <label className="tbo-field__label" htmlFor={`${id ?? 'rte'}-link`}>
            {t('richText.linkAddress')}
          </label>
          <input
            id={`${id ?? 'rte'}-link`}
            className="tbo-input tbo-input--sm"
            autoFocus
            value={linkText}
            placeholder="https://"
            aria-invalid={linkError || undefined}
            onChange={(e) => {
              setLinkText(e.target.value);
              setLinkError(false);
            }}
          />
          {linkError && <div className="tbo-field__error">{t('richText.badLink')}</div>}
          <div className="tbo-rte__link-actions">
            {active.link && (
              <button type="button" className="tbo-btn tbo-btn--sm tbo-btn--ghost" onClick={removeLink}>
                {t('richText.removeLink')}
              </button>
            )}
            <button type="button" className="tbo-btn tbo-btn--sm" onClick={() => setLinkOpen(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="tbo-btn tbo-btn--sm tbo-btn--primary">
              {t('common.apply')}
            </button>
          </div>
        </form>
      </Popover>
    </div>
  );
}
