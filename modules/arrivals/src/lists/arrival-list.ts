import { isDeepStrictEqual } from 'node:util';
import { ARRIVALS_PER_EVENT, type ArrivalFieldsData, type ArrivalListEvent, type StoredArrivalData } from '@tbo/event-schemas';
import { EntityStream, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';

export const ARRIVAL_LIST_NOT_FOUND = 'Arrival list not found or you are not allowed to manage it';
export const arrivalListNotFound = () => new NotFoundError(ARRIVAL_LIST_NOT_FOUND, 'Not found');

export interface ArrivalListState {
  id: number;
  supplierId: number | null;
  exists: boolean;
  name: string;
  /** Every arrival of the list by pax id, deleted ones included (a re-import brings them back). */
  byPax: Map<string, StoredArrivalData & { isDeleted: boolean }>;
}

/** A row to add or change the arrival of its pax id by. */
export interface FieldsRow {
  row: number;
  fields: ArrivalFieldsData;
  /**
   * The fields the row gives: a manual entry's form's, a file's columns. An arrival of the same pax id already in the
   * list changes in these only and keeps the others (an imported arrival keeps its flights, rooms, email…; a file
   * without an Agency column keeps each guest's agency); a new one has the rest blank. None: every field.
   */
  given?: readonly (keyof ArrivalFieldsData)[];
}

/**
 * A refused row of a file. Its guest is still in the file (a mistyped date is no reason to drop them), so a re-import
 * keeps the arrival of its pax id as it is instead of removing it.
 */
export interface RefusedPaxRow {
  row: number;
  refused: true;
  paxId: string;
}

export type ImportRow = FieldsRow | RefusedPaxRow;

export const DEPARTURE_BEFORE_ARRIVAL = 'Departure date is before the arrival date';

/** An arrival with nothing but its pax id and name: what a manual entry does not give is blank. */
export const blankArrivalFields = (paxId: string, touristName: string): ArrivalFieldsData => ({
  paxId, touristName, groupId: null, hotelId: null, hotelName: '', agencyId: null, tdAgencyName: '', arrivalDate: null, arrivalTime: '', departureDate: null,
  departureTime: '', birthDate: null, age: null, touristPhone: '', touristEmail: '', touristCountry: '', roomType: '', accType: '', mealType: '', arrivalFlight: '',
  arrivalTerminal: '', arrivalTransport: '', departureFlight: '', departureTerminal: '', departureTransport: '', pickUpTime: '', hotelConfirmationNumber: '',
  agentConfirmationNumber: '', notes: '',
});

export interface ImportPlan {
  added: FieldsRow[];
  changed: (FieldsRow & { id: number })[];
  unchanged: number;
  /** Arrivals of the list whose pax id is on no row of the file (accepted or refused): marked deleted. */
  removed: StoredArrivalData[];
}

/**
 * What importing these rows into the list would do: new pax ids are added, known ones changed when a field
 * differs, refused rows' arrivals kept as they are, and the list's arrivals missing from the file removed (marked
 * deleted). The preview shows it; the import decides it again on the stream.
 */
export function planImport(state: ArrivalListState, rows: ImportRow[], options: { removeMissing: boolean }): ImportPlan {
  const plan: ImportPlan = { added: [], changed: [], unchanged: 0, removed: [] };
  const seen = new Set<string>();
  for (const row of rows) {
    if ('refused' in row) {
      seen.add(row.paxId);
      continue;
    }
    seen.add(row.fields.paxId);
    const known = state.byPax.get(row.fields.paxId);
    const r = known && row.given ? { ...row, fields: { ...fieldsOf(known), ...pick(row.fields, row.given) } } : row;
    // Checked on the merged fields: a row giving only one of the dates may cross the other one the arrival kept.
    const { arrivalDate, departureDate } = r.fields;
    if (arrivalDate && departureDate && departureDate < arrivalDate) throw departureBeforeArrival(r.row, r.fields.paxId);
    if (!known) plan.added.push(r);
    else if (known.isDeleted || !isDeepStrictEqual(fieldsOf(known), r.fields)) plan.changed.push({ ...r, id: known.id });
    else plan.unchanged++;
  }
  if (options.removeMissing) for (const [pax, a] of state.byPax) if (!seen.has(pax) && !a.isDeleted && !a.isManuallyEntered) plan.removed.push(a);
  return plan;
}

/** A manual entry (row 0) answers as its form's check does; a file's row says which row it is. */
const departureBeforeArrival = (row: number, paxId: string) =>
  row
    ? // Written out whole, not composed, so the client's copy of it (rule-message-copies.ts) can say it in Russian.
      new ValidationError(`Row ${row} (Pax Id ${paxId}): Departure date is before the arrival date`)
    : new ValidationError(DEPARTURE_BEFORE_ARRIVAL, { departureDate: [DEPARTURE_BEFORE_ARRIVAL] });

const fieldsOf = ({ id: _id, isManuallyEntered: _m, isDeleted: _d, ...fields }: StoredArrivalData & { isDeleted: boolean }): ArrivalFieldsData => fields;
const pick = (fields: ArrivalFieldsData, keys: readonly (keyof ArrivalFieldsData)[]): Partial<ArrivalFieldsData> => Object.fromEntries(keys.map((k) => [k, fields[k]]));

export type ArrivalListCommand =
  | { type: 'ImportArrivals'; id: number; supplierId: number; isNew: boolean; name: string; rows: ImportRow[]; newIds: number[]; removeMissing: boolean; manual: boolean };

export const emptyArrivalListState = (id = 0): ArrivalListState => ({ id, supplierId: null, exists: false, name: '', byPax: new Map() });

const chunks = <T>(list: T[]): T[][] => Array.from({ length: Math.ceil(list.length / ARRIVALS_PER_EVENT) }, (_, i) => list.slice(i * ARRIVALS_PER_EVENT, (i + 1) * ARRIVALS_PER_EVENT));

/**
 * A supplier's arrival list. An import (or a manual entry, which is an import of one row that removes nothing)
 * appends its whole outcome at once: a few large events, one append, one transaction.
 */
export const arrivalListDecider: Decider<ArrivalListCommand, ArrivalListEvent, ArrivalListState> = {
  initialState: emptyArrivalListState(),
  evolve(state, event) {
    switch (event.type) {
      case 'ArrivalListCreated':
        return { ...state, id: event.data.listId, supplierId: event.data.supplierId, exists: true, name: event.data.name };
      case 'ArrivalsAdded':
      case 'ArrivalsChanged': {
        const byPax = new Map(state.byPax);
        for (const a of event.data.arrivals) {
          const before = byPax.get(a.paxId);
          byPax.set(a.paxId, { ...a, isManuallyEntered: before?.isManuallyEntered ?? a.isManuallyEntered, isDeleted: false });
        }
        return { ...state, byPax };
      }
      case 'ArrivalsRemoved': {
        const ids = new Set(event.data.ids);
        const byPax = new Map(state.byPax);
        for (const [pax, a] of byPax) if (ids.has(a.id)) byPax.set(pax, { ...a, isDeleted: true });
        return { ...state, byPax };
      }
    }
  },
  decide(cmd, state) {
    if (cmd.isNew ? state.exists : !state.exists || state.supplierId !== cmd.supplierId) throw arrivalListNotFound();
    const key = { listId: cmd.id, supplierId: cmd.supplierId };
    const plan = planImport(state, cmd.rows, { removeMissing: cmd.removeMissing });
    if (plan.added.length > cmd.newIds.length) throw new Error('Not enough arrival ids for the import');
    const added: StoredArrivalData[] = plan.added.map((r, i) => ({ id: cmd.newIds[i]!, isManuallyEntered: cmd.manual, ...r.fields }));
    const changed: StoredArrivalData[] = plan.changed.map((r) => ({ id: r.id, isManuallyEntered: state.byPax.get(r.fields.paxId)!.isManuallyEntered, ...r.fields }));
    const events: ArrivalListEvent[] = [];
    if (cmd.isNew) events.push({ type: 'ArrivalListCreated', data: { ...key, name: cmd.name } });
    for (const c of chunks(added)) events.push({ type: 'ArrivalsAdded', data: { ...key, arrivals: c } });
    for (const c of chunks(changed)) events.push({ type: 'ArrivalsChanged', data: { ...key, arrivals: c } });
    for (const c of chunks(plan.removed.map((a) => a.id))) events.push({ type: 'ArrivalsRemoved', data: { ...key, ids: c } });
    return events;
  },
};

export const arrivalListStream = (id: number) => `arrivallist-${id}`;
export const arrivalLists = new EntityStream(arrivalListStream, arrivalListDecider, emptyArrivalListState);
