import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { arrivalGroupExists, salesStaff } from '@tbo/read-models';
import { CommandHandlerBase, ValidationError, type CommandContext, type EventStore } from '@tbo/kernel';
import { arrivalGroupDecider, arrivalGroupNotFound, arrivalGroups, arrivalGroupStream, emptyGroupInfo, groupInfoExpectedRevision, type ArrivalGroupState, type GroupInfoFields, type SentGroupInfo } from './arrival-group';

export type MeetingInput = Omit<GroupInfoFields['meetings'][number], 'staffName'>;

export class SaveGroupInfoCommand {
  constructor(
    readonly supplierId: number,
    readonly groupId: number,
    /** A field left out (undefined) keeps the group's stored value. */
    readonly info: Omit<SentGroupInfo, 'meetings'> & { meetings?: MeetingInput[] | undefined },
    readonly context: CommandContext,
    /**
     * The group info's version the client edited. null: it saw none (a group never saved), so the group must still
     * have none, else a first save made meanwhile would be overwritten. Absent: no check.
     */
    readonly version?: number | null,
  ) {}
}

export class LogGroupCommunicationCommand {
  constructor(
    readonly supplierId: number,
    readonly groupId: number,
    readonly flag: number,
    readonly note: string,
    readonly by: { userId: number | null; name: string },
    readonly context: CommandContext,
  ) {}
}

export interface SavedGroupInfo extends GroupInfoFields {
  groupInfoId: number | null;
  groupId: number;
  communicationStatus: number;
  version: number | null;
  position: string | null;
}

const saved = (groupId: number, state: ArrivalGroupState, version: number | null, position: string | null): SavedGroupInfo => ({
  groupInfoId: state.groupInfoId,
  groupId,
  ...(state.info ?? emptyGroupInfo()),
  communicationStatus: state.communicationStatus,
  version,
  position,
});

/** The group must have arrivals of the caller's supplier (a read-table lookup: a lag only delays a brand-new group). */
async function groupState(db: Knex, store: EventStore, supplierId: number, groupId: number): Promise<ArrivalGroupState> {
  if (!(await arrivalGroupExists(db, supplierId, groupId))) throw arrivalGroupNotFound();
  return arrivalGroups(supplierId).load(store, groupId);
}

/**
 * A group's hotels must be hotels of the list (0 is 'No Hotel'): one the group already names is kept even if the
 * list has lost it since, so its rooms can still be edited.
 */
async function checkHotels(db: Knex, hotels: readonly { hotelId: number }[], kept: readonly { hotelId: number }[]): Promise<void> {
  const known = new Set(kept.map((h) => h.hotelId));
  const asked = [...new Set(hotels.map((h) => h.hotelId).filter((id) => id > 0 && !known.has(id)))];
  if (!asked.length) return;
  const found = new Set((await db('hotels').whereIn('id', asked).select<{ id: number }[]>('id')).map((r) => Number(r.id)));
  const i = hotels.findIndex((h) => h.hotelId > 0 && !known.has(h.hotelId) && !found.has(h.hotelId));
  if (i >= 0) throw new ValidationError('The hotel does not exist', { [`hotels.${i}.hotelId`]: ['The hotel does not exist'] });
}

@CommandHandler(SaveGroupInfoCommand)
export class SaveGroupInfoHandler extends CommandHandlerBase implements ICommandHandler<SaveGroupInfoCommand, SavedGroupInfo> {
  async execute({ supplierId, groupId, info, context, version }: SaveGroupInfoCommand): Promise<SavedGroupInfo> {
    const state = await groupState(this.db, this.store, supplierId, groupId);
    const staff = new Map((await salesStaff(this.db, supplierId)).map((s) => [s.id, s.name]));
    // Meetings left out are kept as stored, staff names included; only sent ones are checked and named anew.
    const meetings = info.meetings?.map((m, i) => {
      if (m.staffId !== null && !staff.has(m.staffId)) throw new ValidationError('Sales staff not found', { [`meetings.${i}.staffId`]: ['Sales staff not found'] });
      return { ...m, staffName: m.staffId === null ? '' : staff.get(m.staffId)!, ...(m.isNoTime ? { timeStart: null, timeEnd: null } : {}) };
    });
    await checkHotels(this.db, info.hotels ?? [], state.info?.hotels ?? []);
    const newGroupInfoId = state.groupInfoId ?? (await this.ids.next('groupinfo'));
    const command = { type: 'SaveGroupInfo' as const, supplierId, groupId, newGroupInfoId, info: { ...info, meetings } };
    // Not arrivalGroups().run: EntityStream takes null as "no check", and this null must mean 'no_stream'.
    const outcome = await this.runner.run({ stream: arrivalGroupStream(supplierId, groupId), decider: arrivalGroupDecider, command, context, expectedRevision: groupInfoExpectedRevision(version) });
    return saved(groupId, outcome.state, outcome.revision, outcome.position);
  }
}

@CommandHandler(LogGroupCommunicationCommand)
export class LogGroupCommunicationHandler extends CommandHandlerBase implements ICommandHandler<LogGroupCommunicationCommand, SavedGroupInfo> {
  async execute({ supplierId, groupId, flag, note, by, context }: LogGroupCommunicationCommand): Promise<SavedGroupInfo> {
    const state = await groupState(this.db, this.store, supplierId, groupId);
    const newGroupInfoId = state.groupInfoId ?? (await this.ids.next('groupinfo'));
    const command = { type: 'LogCommunication' as const, supplierId, groupId, newGroupInfoId, flag, note, byUserId: by.userId, byName: by.name, at: new Date().toISOString() };
    const outcome = await arrivalGroups(supplierId).run(this.runner, groupId, command, context);
    return saved(groupId, outcome.state, outcome.revision, outcome.position);
  }
}
