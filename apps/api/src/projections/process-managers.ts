import { holdExpiryProcessManager, seatClaimsProcessManager } from '@tbo/booking';
import { documentsProcessManager, ticketsProcessManager } from '@tbo/documents';
import { photoVariantsProcessManager } from '@tbo/media';
import { octoConfirmationsProcessManager } from '@tbo/connectivity';
import type { ProcessManager } from '@tbo/read-models';

/**
 * The process managers the worker runs (apps/worker/src/process-managers.ts), listed here for the
 * status only: apps share code through modules, never each other, and the API never runs them.
 * test/projections/runner-status.test.ts fails when the two lists part.
 */
export const listedProcessManagers: readonly ProcessManager[] = [photoVariantsProcessManager, seatClaimsProcessManager, holdExpiryProcessManager, documentsProcessManager, ticketsProcessManager, octoConfirmationsProcessManager];
