import type { ReactNode } from 'react';
import { TitledSection } from '../../ui/common/titled-section';

/** A section of the offer page in the offer's look: its h2 title (id `headingId`) with optional buttons beside it. */
export function OfferSection({ headingId, title, testId, actions, children }: { headingId: string; title: string; testId?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <TitledSection className="offer-section" headingId={headingId} data-testid={testId} title={title} titleClassName="offer-section__title" headClassName="offer-section__head" actions={actions}>
      {children}
    </TitledSection>
  );
}
