import { addedItemUuid, unitItemsFor } from './octo-unit-items.pure';

describe('unitItemsFor (a booking whose counts the back office changed)', () => {
  const uuid = '3f7a1c52-8d0e-4b1a-9c6f-2e5d7a9b0c14';
  const items = [
    { uuid: 'a1', unitId: 'adult' as const, resellerReference: 'T-1' },
    { uuid: 'c1', unitId: 'child' as const, resellerReference: null },
    { uuid: 'a2', unitId: 'adult' as const, resellerReference: 'T-2' },
  ];

  it('answers the reseller’s items as they are when the counts did not change', () => {
    expect(unitItemsFor(uuid, items, { adults: 2, children: 1, infants: 0 })).toEqual(items);
  });

  it('keeps the first items of each unit, drops the last ones, and adds items with stable ids', () => {
    const after = unitItemsFor(uuid, items, { adults: 1, children: 2, infants: 1 });
    expect(after.map((i) => i.uuid)).toEqual(['a1', 'c1', addedItemUuid(uuid, 'child', 1), addedItemUuid(uuid, 'infant', 0)]);
    expect(after.slice(2).map((i) => [i.unitId, i.resellerReference])).toEqual([
      ['child', null],
      ['infant', null],
    ]);
    expect(unitItemsFor(uuid, items, { adults: 1, children: 2, infants: 1 })).toEqual(after);
  });

  it('derives a version 5 uuid, different per unit and place', () => {
    const id = addedItemUuid(uuid, 'adult', 2);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([id, addedItemUuid(uuid, 'adult', 3), addedItemUuid(uuid, 'child', 2), addedItemUuid(uuid.toUpperCase(), 'adult', 2)]).size).toBe(3);
  });
});
