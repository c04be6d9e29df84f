import { createEventRegistry } from '@tbo/event-schemas';
import { CommandRunner, InMemoryEventStore, systemContext, WrongExpectedRevisionError } from '@tbo/kernel';
import { arrivalGroupDecider, arrivalGroupStream, GROUP_MESSAGES, groupInfoExpectedRevision, keptGroupInfo, type ArrivalGroupCommand } from './arrival-group';

const info = (notes: string) => ({ status: 0, hotels: [{ hotelId: 0, roomNumber: '12' }], notes, phoneNumbers: ['+971500000000'], meetings: [] });
const save = (notes: string): ArrivalGroupCommand => ({ type: 'SaveGroupInfo', supplierId: 1, groupId: 7, newGroupInfoId: 70, info: info(notes) });
const contact: ArrivalGroupCommand = { type: 'LogCommunication', supplierId: 1, groupId: 7, newGroupInfoId: 70, flag: 1, note: '', byUserId: null, byName: 'A', at: '2025-01-01T00:00:00.000Z' };

describe('group info saves: the version the client edited', () => {
  const stream = arrivalGroupStream(1, 7);
  const run = (runner: CommandRunner, command: ArrivalGroupCommand, version?: number | null) =>
    runner.run({ stream, decider: arrivalGroupDecider, command, context: systemContext('spec'), expectedRevision: groupInfoExpectedRevision(version) });

  it('null (the client saw no group info) expects no stream; a number that revision; absent, no check', () => {
    expect(groupInfoExpectedRevision(null)).toBe('no_stream');
    expect(groupInfoExpectedRevision(0)).toBe(0);
    expect(groupInfoExpectedRevision(undefined)).toBeUndefined();
  });

  it('two first saves of a group never saved: the first lands, the second is refused and changes nothing', async () => {
    const runner = new CommandRunner(new InMemoryEventStore(createEventRegistry()));
    await run(runner, save('A: room 12'), null);
    await expect(run(runner, save('ADM: call at 7pm'), null)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const now = await run(runner, save('A: room 12'));
    expect(now.state.info?.notes).toBe('A: room 12');
    expect(now.revision).toBe(0);
  });

  it('a contact logged meanwhile moves the group on too: a save of the defaults seen before it is refused', async () => {
    const runner = new CommandRunner(new InMemoryEventStore(createEventRegistry()));
    await run(runner, contact);
    await expect(run(runner, save('A'), null)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(run(runner, save('A'), 0)).resolves.toMatchObject({ revision: 1 });
  });

  it('a save on a revision another save moved past is refused, even when it would change nothing', async () => {
    const runner = new CommandRunner(new InMemoryEventStore(createEventRegistry()));
    await run(runner, save('B: cancelled'), null);
    await run(runner, save('B2: call at 7pm'), 0);
    await expect(run(runner, save('B2: call at 7pm'), 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});

describe("a meeting's time window", () => {
  const meeting = (timeStart: number | null, timeEnd: number | null, isNoTime = false) => ({ date: '2026-12-01', staffId: null, staffName: '', timeStart, timeEnd, isNoTime });
  const saving = (m: ReturnType<typeof meeting>): ArrivalGroupCommand => ({ type: 'SaveGroupInfo', supplierId: 1, groupId: 7, newGroupInfoId: 70, info: { ...info(''), meetings: [m] } });
  const decide = (m: ReturnType<typeof meeting>) => () => arrivalGroupDecider.decide(saving(m), arrivalGroupDecider.initialState);

  it('needs both ends, or no time; an end before the start says so', () => {
    expect(decide(meeting(600, null))).toThrow(GROUP_MESSAGES.meetingTime);
    expect(decide(meeting(660, 600))).toThrow(GROUP_MESSAGES.meetingEnd);
    expect(decide(meeting(null, null, true))()).toHaveLength(1);
    expect(decide(meeting(600, 660))()).toHaveLength(1);
  });
});

describe('a group info save: a field left out keeps what the group holds', () => {
  const stored = { ...info('B: call at 7pm'), meetings: [{ date: '2026-12-01', staffId: null, staffName: '', timeStart: null, timeEnd: null, isNoTime: true }] };

  it('keeps every field left out, takes every field sent (empty included), and starts a group without info from the empty one', () => {
    expect(keptGroupInfo({ status: 6 }, stored)).toEqual({ ...stored, status: 6 });
    expect(keptGroupInfo({ notes: '', hotels: [] }, stored)).toEqual({ ...stored, notes: '', hotels: [] });
    expect(keptGroupInfo({ phoneNumbers: [], meetings: [] }, stored)).toEqual({ ...stored, phoneNumbers: [], meetings: [] });
    expect(keptGroupInfo({ notes: 'A' }, null)).toEqual({ status: 0, hotels: [], notes: 'A', phoneNumbers: [], meetings: [] });
  });

  it('is merged on the state decided on: a status-only save after a colleague keeps their notes', async () => {
    const runner = new CommandRunner(new InMemoryEventStore(createEventRegistry()));
    const stream = arrivalGroupStream(1, 7);
    const run = (command: ArrivalGroupCommand) => runner.run({ stream, decider: arrivalGroupDecider, command, context: systemContext('spec') });
    await run(save('B: call at 7pm'));
    const now = await run({ type: 'SaveGroupInfo', supplierId: 1, groupId: 7, newGroupInfoId: 70, info: { status: 6 } });
    expect(now.state.info).toEqual({ ...info('B: call at 7pm'), status: 6 });
  });
});
