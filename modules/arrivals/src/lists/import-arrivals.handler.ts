import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ARRIVALS_PER_LIST_MAX, recordedAs, type ArrivalFieldsData, type ArrivalListEvent } from '@tbo/event-schemas';
import { agencyIdsByName, hotelIdsByName } from '@tbo/read-models';
import { CommandHandlerBase, fold, ValidationError, type CommandContext } from '@tbo/kernel';
import { readArrivalSheet, type ColumnMapping, type RefusedRow } from '../import/arrival-sheet';
import { FIELD_LABELS } from '../import/arrival-columns';
import { arrivalListDecider, arrivalListNotFound, arrivalListStream, emptyArrivalListState, planImport, type ArrivalListState, type ImportRow } from './arrival-list';

export class ImportArrivalsCommand {
  constructor(
    readonly supplierId: number,
    /** 0: a new list named `name`. */
    readonly listId: number,
    readonly name: string,
    readonly source: { file: Buffer } | { manual: ArrivalFieldsData },
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
  async execute(cmd: ImportArrivalsCommand): Promise<ArrivalImportAnswer> {
    let mapping: ColumnMapping[] = [];
    let rows: ImportRow[];
    let refused: RefusedRow[] = [];
    if ('file' in cmd.source) {
      const [hotels, agencies] = await Promise.all([hotelIdsByName(this.db), agencyIdsByName(this.db)]);
      const sheet = await readArrivalSheet(cmd.source.file, { hotels, agencies }, ARRIVALS_PER_LIST_MAX);
      ({ mapping, refused } = sheet);
      rows = sheet.rows;
    } else {
      rows = [{ row: 0, fields: cmd.source.manual }];
    }
    const isNew = !cmd.listId;
    const { state, revision } = isNew ? { state: emptyArrivalListState(), revision: null } : await this.load(cmd.listId, cmd.supplierId);
    const name = isNew ? cmd.name.trim() : state.name;
    if (isNew && !name) throw new ValidationError('Arrival list name is required', { name: ['Arrival list name is required'] });
    const removeMissing = 'file' in cmd.source;
    const plan = planImport(state, rows, { removeMissing });
    const answer: ArrivalImportAnswer = {
      listId: cmd.listId,
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

  private async run(cmd: ImportArrivalsCommand, answer: ArrivalImportAnswer, isNew: boolean, name: string, rows: ImportRow[], removeMissing: boolean, newCount: number, expected: number | null): Promise<ArrivalImportAnswer> {
    const listId = isNew ? await this.ids.next('arrivallist') : cmd.listId;
    const newIds = await this.ids.nextMany('arrival', newCount);
    const outcome = await this.runner.run({
      stream: arrivalListStream(listId),
      decider: { ...arrivalListDecider, initialState: emptyArrivalListState(listId) },
      command: { type: 'ImportArrivals', id: listId, supplierId: cmd.supplierId, isNew, name, rows, newIds, removeMissing, manual: 'manual' in cmd.source },
      context: cmd.context,
      expectedRevision: isNew ? undefined : expected,
      newStream: isNew,
    });
    return { ...answer, listId, imported: true, version: outcome.revision, position: outcome.position };
  }

  private async load(listId: number, supplierId: number): Promise<{ state: ArrivalListState; revision: number | null }> {
    const events = recordedAs<ArrivalListEvent>(await this.store.readStream(arrivalListStream(listId)));
    const state = fold({ ...arrivalListDecider, initialState: emptyArrivalListState(listId) }, events);
    if (!state.exists || state.supplierId !== supplierId) throw arrivalListNotFound();
    return { state, revision: events.length ? events[events.length - 1]!.revision : null };
  }
}
