import { setTimeout as sleep } from 'node:timers/promises';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ARRIVALS_PER_LIST_MAX, recordedAs, type ArrivalFieldsData, type ArrivalListEvent } from '@tbo/event-schemas';
import { agencyIdsByName, agencyNameById, arrivalsProjection, findArrivalListByName, hotelIdsByName, hotelNameById, waitUntilCurrent } from '@tbo/read-models';
import { CommandHandlerBase, ConflictError, fold, nameKey, nameReservationStream, UniqueNames, ValidationError, WrongExpectedRevisionError, type CommandContext, type ScopedName } from '@tbo/kernel';
import { readArrivalSheet, type ColumnMapping, type RefusedRow } from '../import/arrival-sheet';
import { FIELD_LABELS } from '../import/arrival-columns';
import { arrivalListDecider, arrivalListNotFound, arrivalListStream, blankArrivalFields, emptyArrivalListState, planImport, type ArrivalListState, type ImportRow } from './arrival-list';

/** How long a manual entry waits for the lists to show the latest one made, before it looks its list up by name. */
const LIST_LOOKUP_WAIT_MS = 5_000;
/**
 * A manual entry that met another writer (its list made or changed meanwhile) is entered again, this often at most:
 * each round at least one of the writers lands, so this many people can enter into one list at the same moment.
 */
const MANUAL_ATTEMPTS = 10;

/**
 * A supplier's lists are one per name, however made (imported or by the first manual entry): one scope for both, so
 * an import and a first entry of the same name at the same moment cannot make two lists (kernel UniqueNames).
 */
const listNameOf = (supplierId: number, name: string): ScopedName => ({ scope: `arrival-list-of-supplier-${supplierId}`, name });
/** Where manual-entry lists reserved their names before imports reserved theirs: read only, for those lists. */
const earlierManualListName = (supplierId: number, name: string): ScopedName => ({ scope: `manual-arrival-list-of-supplier-${supplierId}`, name });

/** An import that would make a second list of a name: the user picks that list in the dialog instead. */
const listNameTaken = (name: string) => new ConflictError(`A list named '${name}' already exists: import into it`);

/**
 * One arrival entered by hand: its pax id and name, and the fields the form gave (a field left out is undefined: an
 * arrival of the same pax id in the list keeps its own). The hotel's and the agency's names are filled in from their ids.
 */
export type ManualArrivalEntry = Pick<ArrivalFieldsData, 'paxId' | 'touristName'> &
  Partial<Pick<ArrivalFieldsData, 'groupId' | 'hotelId' | 'agencyId' | 'arrivalDate' | 'arrivalTime' | 'departureDate' | 'departureTime' | 'touristPhone' | 'touristCountry' | 'age' | 'notes'>>;

export class ImportArrivalsCommand {
  constructor(
    readonly supplierId: number,
    /** 0: a new list named `name` (a manual entry: the supplier's list of that name, made when it has none). */
    readonly listId: number,
    readonly name: string,
    readonly source: { file: Buffer } | { manual: ManualArrivalEntry },
    readonly preview: boolean,
    readonly context: CommandContext,
    /** The list version the preview showed: a list changed since answers 409. */
    readonly version?: number | null,
  ) {}
}

export interface PreviewRow {
  row: number;
  action: 'add' | 'change' | 'remove' | 'refuse';
  paxId: string;
  touristName: string;
  reason?: string;
}

/** The preview's answer, and the import's (with `imported` and the list's new version and position). */
export interface ArrivalImportAnswer {
  listId: number;
  listName: string;
  mapping: (ColumnMapping & { label: string | null })[];
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  refused: number;
  /** The rows to add, change and remove (the first PREVIEW_ROWS of each) and every refused one with its reason. */
  rows: PreviewRow[];
  imported: boolean;
  version: number | null;
  position: string | null;
}

/** Rows of each kind the preview lists (the counts are whole). */
export const PREVIEW_ROWS = 200;
/** Refused rows the preview lists with their reasons. */
const REFUSED_ROWS = 2000;

@CommandHandler(ImportArrivalsCommand)
export class ImportArrivalsHandler extends CommandHandlerBase implements ICommandHandler<ImportArrivalsCommand, ArrivalImportAnswer> {
  @Inject(UniqueNames) private readonly names!: UniqueNames;

  /**
   * A manual entry carries no version: one that met another writer (two first entries making the list at once, or
   * two entries into it) is decided again on the list as it now is. An import from a file keeps the version its
   * preview showed, so a change meanwhile answers 409.
   */
  async execute(cmd: ImportArrivalsCommand): Promise<ArrivalImportAnswer> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.importOnce(cmd);
      } catch (err) {
        const retry = err instanceof WrongExpectedRevisionError && 'manual' in cmd.source && cmd.version == null && attempt < MANUAL_ATTEMPTS;
        if (!retry) throw err;
        await sleep(20 + Math.random() * 30 * attempt);
      }
    }
  }

  private async importOnce(cmd: ImportArrivalsCommand): Promise<ArrivalImportAnswer> {
    let mapping: ColumnMapping[] = [];
    let rows: ImportRow[];
    let refused: RefusedRow[] = [];
    if ('file' in cmd.source) {
      const [hotels, agencies] = await Promise.all([hotelIdsByName(this.db), agencyIdsByName(this.db, cmd.supplierId)]);
      const sheet = await readArrivalSheet(cmd.source.file, { hotels, agencies }, ARRIVALS_PER_LIST_MAX);
      ({ mapping, refused } = sheet);
      rows = sheet.rows;
    } else {
      rows = [await this.manualRow(cmd.supplierId, cmd.source.manual)];
    }
    const listId = cmd.listId || ('manual' in cmd.source ? await this.listNamed(cmd.supplierId, cmd.name) : 0);
    const isNew = !listId;
    const { state, revision } = isNew ? { state: emptyArrivalListState(), revision: null } : await this.load(listId, cmd.supplierId);
    const name = isNew ? cmd.name.trim() : state.name;
    if (isNew && !name) throw new ValidationError('Arrival list name is required', { name: ['Arrival list name is required'] });
    // Refused at the preview already, so the user is not shown what a file would do to a list it cannot make. The
    // reservation in run() still decides: two imports may both pass here.
    if (isNew && 'file' in cmd.source && (await this.listNamed(cmd.supplierId, name))) throw listNameTaken(name);
    const removeMissing = 'file' in cmd.source;
    const plan = planImport(state, rows, { removeMissing });
    const answer: ArrivalImportAnswer = {
      listId,
      listName: name,
      mapping: mapping.map((m) => ({ ...m, label: m.field ? FIELD_LABELS[m.field] : null })),
      added: plan.added.length,
      changed: plan.changed.length,
      unchanged: plan.unchanged,
      removed: plan.removed.length,
      refused: refused.length,
      rows: [
        ...plan.added.slice(0, PREVIEW_ROWS).map((r) => ({ row: r.row, action: 'add' as const, paxId: r.fields.paxId, touristName: r.fields.touristName })),
        ...plan.changed.slice(0, PREVIEW_ROWS).map((r) => ({ row: r.row, action: 'change' as const, paxId: r.fields.paxId, touristName: r.fields.touristName })),
        ...plan.removed.slice(0, PREVIEW_ROWS).map((a) => ({ row: 0, action: 'remove' as const, paxId: a.paxId, touristName: a.touristName })),
        ...refused.slice(0, REFUSED_ROWS).map((r) => ({ row: r.row, action: 'refuse' as const, paxId: r.paxId, touristName: r.touristName, reason: r.reason })),
      ],
      imported: false,
      version: revision,
      position: null,
    };
    if (cmd.preview) return answer;
    // The version the preview showed: a list changed since then answers 409 instead of importing over it.
    return this.run(cmd, answer, isNew, name, rows, removeMissing, plan.added.length, cmd.version ?? revision);
  }

  /**
   * A manual entry's row: the form's fields over blank ones, `given` naming the form's, the hotel's and agency's
   * names from their ids. An id of no hotel, or of no agency the supplier has a contract with, is refused.
   */
  private async manualRow(supplierId: number, entry: ManualArrivalEntry): Promise<ImportRow> {
    const given = (Object.keys(entry) as (keyof ManualArrivalEntry)[]).filter((k) => entry[k] !== undefined);
    const fields: ArrivalFieldsData = { ...blankArrivalFields(entry.paxId, entry.touristName), ...Object.fromEntries(given.map((k) => [k, entry[k]])) };
    const names: (keyof ArrivalFieldsData)[] = [];
    if (entry.hotelId !== undefined) {
      const hotelName = entry.hotelId === null ? '' : await hotelNameById(this.db, entry.hotelId);
      if (hotelName === undefined) throw new ValidationError(`Hotel ${entry.hotelId} does not exist: choose a hotel from the list`, { hotelId: ['The hotel does not exist'] });
      fields.hotelName = hotelName;
      names.push('hotelName');
    }
    if (entry.agencyId !== undefined) {
      const agencyName = entry.agencyId === null ? '' : await agencyNameById(this.db, supplierId, entry.agencyId);
      // One answer for no agency and another supplier's partner: the id says nothing about agencies beyond the contracts.
      if (agencyName === undefined) throw new ValidationError(`Agency ${entry.agencyId} is not one of your contracted agencies: choose an agency from the list`, { agencyId: ['Choose one of your contracted agencies'] });
      fields.tdAgencyName = agencyName;
      names.push('tdAgencyName');
    }
    return { row: 0, fields, given: [...given, ...names] };
  }

  /**
   * The supplier's list of this name, or 0 (none yet): the holder of the name's reservation, else (a list made before
   * names were reserved) the lists' table once it shows every list made so far.
   */
  private async listNamed(supplierId: number, name: string): Promise<number> {
    for (const reserved of [listNameOf(supplierId, name), earlierManualListName(supplierId, name)]) {
      const holder = await this.names.holderOf(reserved);
      if (holder !== null && (await this.bearsName(holder, supplierId, name))) return holder;
    }
    await waitUntilCurrent(this.db, this.store, arrivalsProjection, undefined, LIST_LOOKUP_WAIT_MS);
    return (await findArrivalListByName(this.db, supplierId, name.trim()))?.id ?? 0;
  }

  private async bearsName(listId: number, supplierId: number, name: string): Promise<boolean> {
    const state = fold({ ...arrivalListDecider, initialState: emptyArrivalListState(listId) }, recordedAs<ArrivalListEvent>(await this.store.readStream(arrivalListStream(listId))));
    return state.exists && state.supplierId === supplierId && nameKey(state.name) === nameKey(name);
  }

  private async run(cmd: ImportArrivalsCommand, answer: ArrivalImportAnswer, isNew: boolean, name: string, rows: ImportRow[], removeMissing: boolean, newCount: number, expected: number | null): Promise<ArrivalImportAnswer> {
    const listId = isNew ? await this.ids.next('arrivallist') : answer.listId;
    const newIds = await this.ids.nextMany('arrival', newCount);
    const write = () =>
      this.runner.run({
        stream: arrivalListStream(listId),
        decider: { ...arrivalListDecider, initialState: emptyArrivalListState(listId) },
        command: { type: 'ImportArrivals', id: listId, supplierId: cmd.supplierId, isNew, name, rows, newIds, removeMissing, manual: 'manual' in cmd.source },
        context: cmd.context,
        expectedRevision: isNew ? undefined : expected,
        newStream: isNew,
      });
    const listName = listNameOf(cmd.supplierId, name);
    // A new list reserves its name first. A manual entry that loses it meets a list made a moment ago (a conflict,
    // so execute() enters this one again, into that list); an import that loses it is refused, as it would be had
    // the other list been there at its preview.
    const outcome = isNew
      ? await this.names.save({
          holder: listId,
          name: listName,
          previous: null,
          bears: (holder, held) => this.bearsName(holder, cmd.supplierId, held.name),
          taken: () => ('manual' in cmd.source ? new WrongExpectedRevisionError(nameReservationStream(listName), 'no_stream', null) : listNameTaken(name)),
          context: cmd.context,
          write,
        })
      : await write();
    return { ...answer, listId, imported: true, version: outcome.revision, position: outcome.position };
  }

  private async load(listId: number, supplierId: number): Promise<{ state: ArrivalListState; revision: number | null }> {
    const events = recordedAs<ArrivalListEvent>(await this.store.readStream(arrivalListStream(listId)));
    const state = fold({ ...arrivalListDecider, initialState: emptyArrivalListState(listId) }, events);
    if (!state.exists || state.supplierId !== supplierId) throw arrivalListNotFound();
    return { state, revision: events.length ? events[events.length - 1]!.revision : null };
  }
}
