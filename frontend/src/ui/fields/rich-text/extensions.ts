import { Mark, mergeAttributes, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isSafeHref } from '../sanitize';

/*
 * The editor's schema covers the rich-text allow-list (modules/supplier/src/rich-text/rich-text-policy.pure.ts),
 * so stored text keeps its formatting when it is opened and saved again. span and div carry no formatting of
 * their own: their text becomes paragraphs.
 */

/** <sub>: not in StarterKit, but on the allow-list. */
const Subscript = Mark.create({
  name: 'subscript',
  excludes: 'superscript',
  parseHTML: () => [{ tag: 'sub' }],
  renderHTML: ({ HTMLAttributes }) => ['sub', mergeAttributes(HTMLAttributes), 0],
});

/** <sup>: not in StarterKit, but on the allow-list. */
const Superscript = Mark.create({
  name: 'superscript',
  excludes: 'subscript',
  parseHTML: () => [{ tag: 'sup' }],
  renderHTML: ({ HTMLAttributes }) => ['sup', mergeAttributes(HTMLAttributes), 0],
});

export const RICH_TEXT_EXTENSIONS: Extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    // An extra empty paragraph after a final list would change the value on the first click (a dirty form).
    trailingNode: false,
    link: {
      // Links are followed from the published page, not while editing; addresses come only from the link box.
      openOnClick: false,
      autolink: false,
      linkOnPaste: false,
      // What the sanitiser writes on every link, so the editor's own output needs no rewriting.
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
      isAllowedUri: (url) => isSafeHref(url),
    },
  }),
  Subscript,
  Superscript,
];
