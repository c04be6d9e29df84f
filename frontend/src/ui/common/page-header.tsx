import type { ReactNode } from 'react';

interface PageHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  titleTestId?: string;
}

function PageHeading({ title, subtitle, titleTestId }: PageHeadingProps) {
  return (
    <>
      <h1 className="page-title" data-testid={titleTestId}>
        {title}
      </h1>
      {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
    </>
  );
}

/** A page's title and subtitle. */
export function PageHeader(props: PageHeadingProps) {
  return (
    <div className="page-header">
      <PageHeading {...props} />
    </div>
  );
}

/** A page's title and subtitle with the page's actions beside them. */
export function PageHeaderBar({ className, actions, ...heading }: PageHeadingProps & { className: string; actions?: ReactNode }) {
  return (
    <header className={`page-header ${className}`}>
      <div>
        <PageHeading {...heading} />
      </div>
      {actions}
    </header>
  );
}
