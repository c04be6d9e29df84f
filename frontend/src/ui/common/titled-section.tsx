import type { HTMLAttributes, ReactNode } from 'react';

type SectionProps = Omit<HTMLAttributes<HTMLElement>, 'title' | 'aria-labelledby'> & {
  /** The heading's id; the section is labelled by it. */
  headingId: string;
  title: ReactNode;
  titleClassName: string;
  /** h2 on pages whose h1 is the page title, h3 inside tabs. */
  level?: 2 | 3;
  /** Buttons beside the heading, in a row of class `headClassName`. */
  actions?: ReactNode;
  headClassName?: string;
  'data-testid'?: string;
};

/** A section labelled by its own heading: the editors' and demo pages' cards and groups of fields. */
export function TitledSection({ headingId, title, titleClassName, level = 2, actions, headClassName, children, ...rest }: SectionProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading className={titleClassName} id={headingId}>
      {title}
    </Heading>
  );
  return (
    <section {...rest} aria-labelledby={headingId}>
      {actions ? (
        <div className={headClassName}>
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
