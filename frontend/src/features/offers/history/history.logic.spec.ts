import { describeField, describeValue, newestFirst } from './history.logic';

describe('offer history display', () => {
  it('names valid period fields by their period', () => {
    expect(describeField('validPeriods.12.pricePerAdultRecUsd')).toEqual({ periodId: 12, name: 'pricePerAdultRecUsd', price: { kind: 'adult', side: 'rec', variant: 'usd' } });
    expect(describeField('validPeriods.3.pricePerTripNetAedVat').price).toEqual({ kind: 'trip', side: 'net', variant: 'aedVat' });
    expect(describeField('validPeriods.3.netCommissionPerChild')).toEqual({ periodId: 3, name: 'netCommissionPerChild', commission: 'child' });
    expect(describeField('nameDisplay')).toEqual({ periodId: null, name: 'nameDisplay' });
  });
  it('shows values on one line', () => {
    expect(describeValue(null)).toBe('');
    expect(describeValue(95.2381)).toBe('95.2381');
    expect(describeValue(false)).toBe('false');
    expect(describeValue('<p>Hello <b>there</b></p>')).toBe('Hello there');
    expect(describeValue([{ hours: 24, percents: 50 }])).toBe('[{"hours":24,"percents":50}]');
    expect(describeValue('x'.repeat(500))).toHaveLength(160);
  });
  it('lists the newest first without changing the answer', () => {
    const list = [{ position: '1' }, { position: '2' }] as never[];
    expect(newestFirst(list).map((e: { position: string }) => e.position)).toEqual(['2', '1']);
    expect(list.map((e: { position: string }) => e.position)).toEqual(['1', '2']);
  });
});
