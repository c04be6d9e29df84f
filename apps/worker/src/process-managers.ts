import { holdExpiryProcessManager, seatClaimsProcessManager } from '@tbo/booking';
import { documentsProcessManager, ticketsProcessManager } from '@tbo/documents';
import { photoVariantsProcessManager } from '@tbo/media';
import { octoConfirmationsProcessManager } from '@tbo/connectivity';
import type { ProcessManager } from '@tbo/read-models';

/**
 * Every process manager. Only the worker runs them (beside the projections), not the API with
 * API_RUNS_PROJECTIONS=1: the worker owns the queues, and a photo uploaded while it is down is
 * queued when it starts again.
 */
export const allProcessManagers: readonly ProcessManager[] = [photoVariantsProcessManager, seatClaimsProcessManager, holdExpiryProcessManager, documentsProcessManager, ticketsProcessManager, octoConfirmationsProcessManager];
