import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../common/button';
import { Icon } from '../common/icons';
import { PageHeaderBar } from '../common/page-header';
import './list-page.css';

export interface ListPageFrameProps {
  /** data-testid of the page ('tours-list'); the title is always 'page-title'. */
  testId: string;
  /** Extra class on the page (the feature's own styles hang off it). */
  className: string;
  title: string;
  subtitle: string;
  /** The plus button: a link to the add page, or (onClick) one that opens the list's own add dialog. */
  add: { label: string; testId: string } & ({ to: string } | { onClick: () => void });
  /** The table. */
  children: ReactNode;
}

/** The frame of a list page: title and subtitle with the add button beside them, then the table; the title names the browser tab too. */
export function ListPageFrame({ testId, className, title, subtitle, add, children }: ListPageFrameProps) {
  useDocumentTitle(title);
  return (
    <div className={`page ${className}`} data-testid={testId}>
      <PageHeaderBar
        className="list-page__header"
        title={title}
        subtitle={subtitle}
        titleTestId="page-title"
        actions={
          'to' in add ? (
            <Link to={add.to} className="tbo-btn tbo-btn--primary tbo-btn--md" data-testid={add.testId}>
              <Icon name="plus" size={16} />
              <span className="tbo-btn__label">{add.label}</span>
            </Link>
          ) : (
            <Button variant="primary" icon="plus" label={add.label} onClick={add.onClick} data-testid={add.testId} />
          )
        }
      />
      {children}
    </div>
  );
}
