import { useEffect, useMemo, useRef } from 'react';
import { useEditor, type Editor } from '@tiptap/react';
import { isRichTextEmpty, sanitizeHtml } from '../sanitize';
import { RICH_TEXT_EXTENSIONS } from './extensions';
import { cleanPastedHtml } from './paste';

export interface RichTextEditorOptions {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Ctrl+K (Cmd+K): the toolbar's link box. */
  onLinkShortcut: () => void;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  ariaLabelledBy?: string;
  ariaDescribedBy?: string;
  placeholder?: string;
}

/** What the editor reports: '' when nothing visible is left, otherwise its HTML reduced to the allow-list. */
function reported(html: string): string {
  return isRichTextEmpty(html) ? '' : sanitizeHtml(html);
}

/**
 * A TipTap editor bound to an HTML value. It reports only what the person changed (never a re-formatted copy
 * of the value it was given, which would make an untouched form dirty), and takes a new value from outside
 * unless it is the one it has just reported.
 */
export function useRichTextEditor(o: RichTextEditorOptions): Editor | null {
  const { value, disabled, invalid, id, ariaLabelledBy, ariaDescribedBy, placeholder } = o;
  const lastValue = useRef(value);
  // The editor keeps its first options; these refs let it call the latest callbacks.
  const callbacks = useRef(o);
  callbacks.current = o;

  const attributes = useMemo(() => {
    const a: Record<string, string> = { class: 'tbo-rte__content', 'aria-multiline': 'true', tabindex: disabled ? '-1' : '0' };
    if (id) a.id = id;
    if (ariaLabelledBy) a['aria-labelledby'] = ariaLabelledBy;
    if (ariaDescribedBy) a['aria-describedby'] = ariaDescribedBy;
    if (invalid) a['aria-invalid'] = 'true';
    if (placeholder) a['aria-placeholder'] = placeholder;
    if (disabled) a['aria-readonly'] = 'true';
    return a;
  }, [disabled, invalid, id, ariaLabelledBy, ariaDescribedBy, placeholder]);

  const editorProps = useMemo(
    () => ({
      attributes,
      transformPastedHTML: (html: string) => cleanPastedHtml(html, sanitizeHtml),
      handleKeyDown: (_view: unknown, e: KeyboardEvent) => {
        if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'k') return false;
        e.preventDefault();
        callbacks.current.onLinkShortcut();
        return true;
      },
    }),
    [attributes],
  );

  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: useMemo(() => sanitizeHtml(lastValue.current), []),
    editable: !disabled,
    // The few rules it needs are in fields.css; no <style> element of its own.
    injectCSS: false,
    editorProps,
    onUpdate: ({ editor: e }) => {
      const html = reported(e.getHTML());
      if (html === lastValue.current) return;
      lastValue.current = html;
      callbacks.current.onChange(html);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  useEffect(() => {
    if (!editor || value === lastValue.current) return;
    lastValue.current = value;
    // Not an edit of the person's: Ctrl+Z must not bring back what was there before (e.g. before a form reset).
    editor.chain().setMeta('addToHistory', false).setContent(sanitizeHtml(value), { emitUpdate: false }).run();
  }, [editor, value]);

  useEffect(() => {
    if (editor && editor.isEditable === !!disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return editor;
}
