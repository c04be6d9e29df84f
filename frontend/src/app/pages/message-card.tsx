import type { ReactNode } from 'react';
import { useDocumentTitle } from '../use-document-title';

interface MessageCardProps {
  testId: string;
  /** The page around the card (a narrow page by default; the sign-in pages' own). */
  pageClassName?: string;
  /** The card's class beside `card` (`message-card` by default; the sign-in card). */
  cardClassName?: string;
  /** Above the title: an icon, an error code. */
  mark: ReactNode;
  /** The page's heading, and the browser tab's title. */
  title: string;
  /** The message and what the user can do next. */
  children: ReactNode;
}

/** A page that only says something (not found, not allowed, how to reset a password): a card with a mark, a heading and the message. */
export function MessageCard({ testId, pageClassName = 'page page--narrow', cardClassName = 'message-card', mark, title, children }: MessageCardProps) {
  useDocumentTitle(title);
  return (
    <div className={pageClassName}>
      <div className={`card ${cardClassName}`} data-testid={testId}>
        {mark}
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
