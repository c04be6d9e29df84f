import type { Knex } from 'knex';
import { inHouseGroupInfo, inHouseGuests, type InHouseGuestRow } from '@tbo/read-models';
import type { AuthUser } from '@tbo/kernel';

/** Agents see the arrivals of their agency; the supplier's staff agents their supplier's; anyone else nothing. */
function scopeOf(user: Pick<AuthUser, 'agencyId' | 'supplierId'>): { agencyId: number } | { supplierId: number } | null {
  if (user.agencyId) return { agencyId: user.agencyId };
  if (user.supplierId) return { supplierId: user.supplierId };
  return null;
}

/** GET /api/agent/customers/inHouse: the caller's guests staying at the hotel on the date. */
export async function inHouseGuestsFor(db: Knex, user: Pick<AuthUser, 'agencyId' | 'supplierId'>, hotelId: number | undefined, date: string | undefined): Promise<InHouseGuestRow[]> {
  const scope = scopeOf(user);
  if (!scope || !hotelId || !date) return [];
  return inHouseGuests(db, scope, hotelId, date);
}

/** GET /api/agent/customers/groupInfo: the group's room number at the hotel and its phones; null when not the caller's. */
export async function inHouseGroupInfoFor(db: Knex, user: Pick<AuthUser, 'agencyId' | 'supplierId'>, hotelId: number | undefined, groupInfoId: number | undefined): Promise<{ roomNumber: string; phoneNumbers: string[] } | null> {
  const scope = scopeOf(user);
  if (!scope || !hotelId || !groupInfoId) return null;
  return inHouseGroupInfo(db, scope, hotelId, groupInfoId);
}
