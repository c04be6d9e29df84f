import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from '@tiptap/react';
import { Popover } from '../../common/popover';
import { normalizeHref } from '../sanitize';

export interface LinkPopoverProps {
  editor: Editor;
  open: boolean;
  onClose: () => void;
  anchorRef: RefObject<HTMLButtonElement | null>;
  /** Id of the editor, so that the address box gets an id of its own. */
  editorId?: string;
}

/**
 * The link box: the address of the link under the cursor (or a new one). With text selected the address goes
 * on it; with nothing selected, the address is inserted as the link's text.
 */
export function LinkPopover({ editor, open, onClose, anchorRef, editorId }: LinkPopoverProps) {
  if (!open) return null;
  return <LinkForm editor={editor} onClose={onClose} anchorRef={anchorRef} editorId={editorId} />;
}

function LinkForm({ editor, onClose, anchorRef, editorId }: Omit<LinkPopoverProps, 'open'>) {
  const { t } = useTranslation('ui');
  // Read once when the box opens: the editor's selection stays where it was while the box has focus.
  const [onLink] = useState(() => editor.isActive('link'));
  const [text, setText] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState(false);
  const inputId = `${editorId ?? 'rte'}-link`;

  const apply = () => {
    const href = normalizeHref(text);
    if (!href) {
      setError(true);
      return;
    }
    onClose();
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !onLink) chain.insertContent({ type: 'text', text: text.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.extendMarkRange('link').setLink({ href }).run();
  };

  const remove = () => {
    onClose();
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
  };

  return (
    <Popover open anchorRef={anchorRef} onClose={onClose} width={320} ariaLabel={t('richText.link')}>
      <form
        className="tbo-rte__link"
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          apply();
        }}
      >
        <label className="tbo-field__label" htmlFor={inputId}>
          {t('richText.linkAddress')}
        </label>
        <input
          id={inputId}
          className="tbo-input tbo-input--sm"
          autoFocus
          value={text}
          placeholder="https://"
          aria-invalid={error || undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(false);
          }}
        />
        {error && <div className="tbo-field__error">{t('richText.badLink')}</div>}
        <div className="tbo-rte__link-actions">
          {onLink && (
            <button type="button" className="tbo-btn tbo-btn--sm tbo-btn--ghost" onClick={remove}>
              {t('richText.removeLink')}
            </button>
          )}
          <button type="button" className="tbo-btn tbo-btn--sm" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="tbo-btn tbo-btn--sm tbo-btn--primary">
            {t('common.apply')}
          </button>
        </div>
      </form>
    </Popover>
  );
}
