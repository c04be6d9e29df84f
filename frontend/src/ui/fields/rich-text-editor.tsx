import '../common/ui.css';
import './fields.css';
import './rich-text/rich-text.css';
import { useCallback, useRef, useState } from 'react';
import { EditorContent, useEditorState } from '@tiptap/react';
import { cx } from '../common/cx';
import { LinkPopover } from './rich-text/link-popover';
import { RichTextToolbar } from './rich-text/toolbar';
import { useRichTextEditor } from './rich-text/use-rich-text-editor';

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
  /** The error or hint that describes the control (its Field's message). */
  'aria-describedby'?: string;
  onBlur?: () => void;
}

/**
 * The rich text editor (TipTap): bold, italic, underline, bullet and numbered lists, links. Pasted and dropped
 * content is reduced to the rich-text allow-list (no scripts, event handlers or javascript: links), and so is
 * what it reports.
 */
export function RichTextEditor({ value, onChange, height = RICH_TEXT_HEIGHT, placeholder, disabled, invalid, id, ariaLabelledBy, 'aria-describedby': ariaDescribedBy, onBlur }: RichTextEditorProps) {
  const linkBtnRef = useRef<HTMLButtonElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const openLink = useCallback(() => {
    if (!disabled) setLinkOpen(true);
  }, [disabled]);
  const closeLink = useCallback(() => setLinkOpen(false), []);
  const editor = useRichTextEditor({ value, onChange, onBlur, onLinkShortcut: openLink, disabled, invalid, id, ariaLabelledBy, ariaDescribedBy, placeholder });
  const empty = useEditorState({ editor, selector: ({ editor: e }) => e?.isEmpty ?? true });

  return (
    <div className={cx('tbo-rte', invalid && 'tbo-rte--invalid', disabled && 'tbo-rte--disabled')}>
      {editor && <RichTextToolbar editor={editor} disabled={disabled} linkOpen={linkOpen} linkBtnRef={linkBtnRef} onLink={openLink} />}
      <div className="tbo-rte__body" style={{ height }}>
        {empty && placeholder && (
          <div className="tbo-rte__placeholder" aria-hidden="true">
            {placeholder}
          </div>
        )}
        <EditorContent editor={editor} className="tbo-rte__mount" />
      </div>
      {editor && <LinkPopover editor={editor} open={linkOpen} onClose={closeLink} anchorRef={linkBtnRef} editorId={id} />}
    </div>
  );
}
