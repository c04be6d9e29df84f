import { afterQuery, rememberPosition } from '../../../lib/read-after';

/** Read your writes for external providers (see lib/read-after): one position, the list's and each provider's. */
const KEY = 'tbo.externalproviders.after';

/** Remembers the position of a change (a save or a delete): later reads wait for it. */
export const rememberProviderPosition = (position: string | null | undefined) => rememberPosition(position, KEY);

/** `?after=…` for a read ('' when this tab changed nothing). */
export const providersAfterQuery = () => afterQuery(KEY);
