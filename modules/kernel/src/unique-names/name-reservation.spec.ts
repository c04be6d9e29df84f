import { ABANDONED_NAME_MS, nameReservationDecider, nameReservationStream, NameTakenError, type NameReservationState, type ReserveName } from './name-reservation';

const t0 = '2026-03-01T10:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(t0) + ms).toISOString();
const reserve = (holder: number, over: Partial<ReserveName> = {}): ReserveName => ({ type: 'ReserveName', scope: 'hotel', name: 'Atlantis The Palm', holder, at: t0, holderBearsIt: false, ...over });
const heldBy = (holder: number): NameReservationState => ({ holder, reservedAt: t0 });

describe('nameReservationDecider', () => {
  it('reserves a free name for its holder, trimmed and in lower case', () => {
    expect(nameReservationDecider.decide(reserve(7, { name: '  Atlantis THE Palm ' }), nameReservationDecider.initialState)).toEqual([
      { type: 'NameReserved', data: { scope: 'hotel', name: 'atlantis the palm', holder: 7, at: t0 } },
    ]);
  });

  it('changes nothing when the holder reserves its own name again', () => {
    expect(nameReservationDecider.decide(reserve(7), heldBy(7))).toEqual([]);
  });

  it('refuses another holder while the holder bears the name, however old the reservation', () => {
    expect(() => nameReservationDecider.decide(reserve(8, { holderBearsIt: true, at: later(ABANDONED_NAME_MS * 100) }), heldBy(7))).toThrow(NameTakenError);
  });

  it('refuses a young reservation its holder does not bear yet (a save in flight), and takes over an old one (a save that died)', () => {
    expect(() => nameReservationDecider.decide(reserve(8, { at: later(ABANDONED_NAME_MS - 1) }), heldBy(7))).toThrow(NameTakenError);
    expect(nameReservationDecider.decide(reserve(8, { at: later(ABANDONED_NAME_MS) }), heldBy(7))).toEqual([
      { type: 'NameReserved', data: { scope: 'hotel', name: 'atlantis the palm', holder: 8, at: later(ABANDONED_NAME_MS) } },
    ]);
  });

  it('gives a name back only for its holder; a released name is free', () => {
    const release = (holder: number) => ({ type: 'ReleaseName' as const, scope: 'hotel', name: 'Atlantis The Palm', holder });
    expect(nameReservationDecider.decide(release(8), heldBy(7))).toEqual([]);
    const events = nameReservationDecider.decide(release(7), heldBy(7));
    expect(events).toEqual([{ type: 'NameReleased', data: { scope: 'hotel', name: 'atlantis the palm', holder: 7 } }]);
    const free = events.reduce((s, e) => nameReservationDecider.evolve(s, e), heldBy(7));
    expect(nameReservationDecider.decide(reserve(8), free)).toHaveLength(1);
  });

  it('a release by someone else leaves the holder in place (evolve)', () => {
    expect(nameReservationDecider.evolve(heldBy(7), { type: 'NameReleased', data: { scope: 'hotel', name: 'x', holder: 8 } })).toEqual(heldBy(7));
  });

  it('one stream per name within its scope, whatever the spelling of case and outer spaces', () => {
    expect(nameReservationStream({ scope: 'hotel', name: ' Atlantis The Palm' })).toBe(nameReservationStream({ scope: 'hotel', name: 'atlantis the palm ' }));
    expect(nameReservationStream({ scope: 'hotel', name: 'Deira' })).not.toBe(nameReservationStream({ scope: 'region-in-city-1', name: 'Deira' }));
    expect(nameReservationStream({ scope: 'hotel', name: 'Deira' })).toMatch(/^name-hotel-[0-9a-f]{40}$/);
  });
});
