import type { ReactNode } from 'react';
import { Button } from '../../../ui/common/button';
import type { LookupState } from './booking-panel.logic';

interface LookupHintTexts {
  loading: string;
  failed: string;
  /** Said only after a successful answer without rows (none: say nothing then). */
  empty?: string;
  retry: string;
}

/**
 * The hint under a field whose options a lookup brings (a Field's `hint`): loading, or the failure with a retry
 * (the field then offers only what the booking already had, which a silent failure would pass off as the whole
 * list), or that the answer was empty. Undefined when there is nothing to say.
 */
export function lookupHint(state: LookupState, texts: LookupHintTexts, onRetry: () => void, testId: string): ReactNode {
  if (state === 'loading') return <span data-testid={`${testId}-loading`}>{texts.loading}</span>;
  if (state === 'failed')
    return (
      <span className="booking-panel__lookup-failed" data-testid={`${testId}-failed`}>
        <span role="alert">{texts.failed}</span> <Button size="sm" label={texts.retry} onClick={onRetry} data-testid={`${testId}-retry`} />
      </span>
    );
  if (state === 'empty' && texts.empty) return <span data-testid={`${testId}-none`}>{texts.empty}</span>;
  return undefined;
}
