import { isDeepStrictEqual } from 'node:util';
import type { ArrivalGroupEvent, GroupInfoSavedData } from '@tbo/event-schemas';
import { EntityStream, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';
import { CHOOSABLE_GROUP_STATUSES, COMMUNICATION_FLAG_VALUES } from '../pure/arrival-status.pure';

export const ARRIVAL_GROUP_NOT_FOUND = 'Arrival group not found or you are not allowed to manage it';
export const arrivalGroupNotFound = () => new NotFoundError(ARRIVAL_GROUP_NOT_FOUND, 'Not found');

export const GROUP_MESSAGES = {
  status: 'Status must be Pending, Purchased Diff. Name, Cancelled or Non tourist',
  flag: 'Choose one way of contact: call, meet in person, messenger or letter in lobby, initiated or responded',
  meetingTime: 'A meeting needs its time window, or no time',
  meetingEnd: 'A meeting cannot end before it starts',
} as const;

export type GroupInfoFields = Omit<GroupInfoSavedData, 'groupInfoId' | 'supplierId' | 'groupId'>;

/** A group info save as sent: a field left out (undefined) keeps the stored value. */
export type SentGroupInfo = { [K in keyof GroupInfoFields]?: GroupInfoFields[K] | undefined };

export const emptyGroupInfo = (): GroupInfoFields => ({ status: 0, hotels: [], notes: '', phoneNumbers: [], meetings: [] });

/**
 * The group info a save stores: what it sent over what the group holds, so a client sending only the status does
 * not wipe the notes, hotels, phones and meetings. A group with no info yet starts from the empty one.
 */
export function keptGroupInfo(sent: SentGroupInfo, stored: GroupInfoFields | null): GroupInfoFields {
  const base = stored ?? emptyGroupInfo();
  return {
    status: sent.status ?? base.status,
    hotels: sent.hotels ?? base.hotels,
    notes: sent.notes ?? base.notes,
    phoneNumbers: sent.phoneNumbers ?? base.phoneNumbers,
    meetings: sent.meetings ?? base.meetings,
  };
}

export interface ArrivalGroupState {
  groupInfoId: number | null;
  info: GroupInfoFields | null;
  communicationStatus: number;
}

export type ArrivalGroupCommand =
  | { type: 'SaveGroupInfo'; supplierId: number; groupId: number; newGroupInfoId: number; info: SentGroupInfo }
  | { type: 'LogCommunication'; supplierId: number; groupId: number; newGroupInfoId: number; flag: number; note: string; byUserId: number | null; byName: string; at: string };

export const emptyArrivalGroupState = (): ArrivalGroupState => ({ groupInfoId: null, info: null, communicationStatus: 0 });

/**
 * A group's info and its communication log, on the group's own stream. Its id (groupInfoId) is taken when the
 * group is first saved or contacted. Only the choosable statuses may be set by hand; a stored status that came
 * from elsewhere (Did Not Buy…) is kept when the form sends it back unchanged.
 */
export const arrivalGroupDecider: Decider<ArrivalGroupCommand, ArrivalGroupEvent, ArrivalGroupState> = {
  initialState: emptyArrivalGroupState(),
  evolve(state, event) {
    switch (event.type) {
      case 'GroupInfoSaved': {
        const { groupInfoId, supplierId: _s, groupId: _g, ...info } = event.data;
        return { ...state, groupInfoId, info };
      }
      case 'GroupCommunicationLogged':
        return { ...state, groupInfoId: event.data.groupInfoId, communicationStatus: state.communicationStatus | event.data.flag };
    }
  },
  decide(cmd, state) {
    const key = { groupInfoId: state.groupInfoId ?? cmd.newGroupInfoId, supplierId: cmd.supplierId, groupId: cmd.groupId };
    if (cmd.type === 'LogCommunication') {
      if (!COMMUNICATION_FLAG_VALUES.includes(cmd.flag)) throw new ValidationError(GROUP_MESSAGES.flag, { flag: [GROUP_MESSAGES.flag] });
      return [{ type: 'GroupCommunicationLogged', data: { ...key, flag: cmd.flag, note: cmd.note, byUserId: cmd.byUserId, byName: cmd.byName, at: cmd.at } }];
    }
    // Merged here, on the state the save is decided on: a versionless save retried after a colleague's is merged
    // over theirs, not over the state read before it.
    const info = keptGroupInfo(cmd.info, state.info);
    const current = state.info?.status ?? 0;
    const allowed = (CHOOSABLE_GROUP_STATUSES as readonly number[]).includes(info.status) || info.status === current;
    if (!allowed) throw new ValidationError(GROUP_MESSAGES.status, { status: [GROUP_MESSAGES.status] });
    for (const [i, m] of info.meetings.entries()) {
      if (m.isNoTime) continue;
      if (m.timeStart === null || m.timeEnd === null) throw new ValidationError(GROUP_MESSAGES.meetingTime, { [`meetings.${i}.timeStart`]: [GROUP_MESSAGES.meetingTime] });
      if (m.timeStart > m.timeEnd) throw new ValidationError(GROUP_MESSAGES.meetingEnd, { [`meetings.${i}.timeEnd`]: [GROUP_MESSAGES.meetingEnd] });
    }
    if (state.info && isDeepStrictEqual(state.info, info)) return [];
    return [{ type: 'GroupInfoSaved', data: { ...key, ...info } }];
  },
};

/**
 * The revision a group info save expects from the version its client edited: null means the client saw no group
 * info (a group never saved nor contacted), so the stream must still not exist; two such first saves would
 * otherwise both land, the later one silently replacing the earlier. Absent (undefined): no check.
 */
export const groupInfoExpectedRevision = (version: number | null | undefined): number | 'no_stream' | undefined => (version === null ? 'no_stream' : version);

export const arrivalGroupStream = (supplierId: number, groupId: number) => `arrivalgroup-${supplierId}.${groupId}`;
export const arrivalGroups = (supplierId: number) => new EntityStream((groupId: number) => arrivalGroupStream(supplierId, groupId), arrivalGroupDecider, emptyArrivalGroupState);
