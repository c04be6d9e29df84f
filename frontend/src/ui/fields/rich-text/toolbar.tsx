import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState, type Editor } from '@tiptap/react';
import { cx } from '../../common/cx';
import { Icon, type IconName } from '../../common/icons';

type Format = 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList';

/** The toolbar's formatting buttons: the node or mark each toggles, its icon, its label key and shortcut. */
const FORMATS: { format: Format; icon: IconName; key: string; shortcut?: string }[] = [
  { format: 'bold', icon: 'bold', key: 'bold', shortcut: 'Ctrl+B' },
  { format: 'italic', icon: 'italic', key: 'italic', shortcut: 'Ctrl+I' },
  { format: 'underline', icon: 'underline', key: 'underline', shortcut: 'Ctrl+U' },
  { format: 'bulletList', icon: 'listUl', key: 'bulletList' },
  { format: 'orderedList', icon: 'listOl', key: 'numberedList' },
];

function toggle(editor: Editor, format: Format): void {
  const chain = editor.chain().focus();
  if (format === 'bold') chain.toggleBold().run();
  else if (format === 'italic') chain.toggleItalic().run();
  else if (format === 'underline') chain.toggleUnderline().run();
  else if (format === 'bulletList') chain.toggleBulletList().run();
  else chain.toggleOrderedList().run();
}

export interface RichTextToolbarProps {
  editor: Editor;
  disabled?: boolean;
  linkOpen: boolean;
  linkBtnRef: RefObject<HTMLButtonElement | null>;
  onLink: () => void;
}

/** Keeps the editor focused (and its selection) when a toolbar button is pressed with the mouse. */
const keepFocus = (e: { preventDefault: () => void }) => e.preventDefault();

export function RichTextToolbar({ editor, disabled, linkOpen, linkBtnRef, onLink }: RichTextToolbarProps) {
  const { t } = useTranslation('ui');
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  return (
    <div className="tbo-rte__toolbar" role="toolbar" aria-label={t('richText.toolbar')}>
      {FORMATS.map((c, i) => (
        <span key={c.format} className={cx(i === 3 && 'tbo-rte__sep')}>
          <button
            type="button"
            className={cx('tbo-rte__btn', active[c.format] && 'tbo-rte__btn--on')}
            aria-label={t(`richText.${c.key}`)}
            aria-pressed={active[c.format]}
            title={c.shortcut ? `${t(`richText.${c.key}`)} (${c.shortcut})` : t(`richText.${c.key}`)}
            disabled={disabled}
            onMouseDown={keepFocus}
            onClick={() => toggle(editor, c.format)}
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
          onMouseDown={keepFocus}
          onClick={onLink}
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
        onMouseDown={keepFocus}
        onClick={() => editor.chain().focus().unsetAllMarks().run()}
      >
        <Icon name="eraser" size={15} />
      </button>
    </div>
  );
}
