import { isStaffBooker, onlyMineNarrows } from './staff-booker';

const agencyAdmin = { AgencyName: 'Gulf Horizons Travel', IsAgencyAdmin: true, roles: ['agent'] };
const agent = { AgencyName: 'Gulf Horizons Travel', IsAgencyAdmin: false, roles: ['agent'] };
const supplierAdmin = { AgencyName: '', IsAgencyAdmin: false, roles: ['admin'] };
const sales = { AgencyName: '', IsAgencyAdmin: false, roles: ['sales'] };
const operations = { AgencyName: '', IsAgencyAdmin: false, roles: ['operations'] };

describe('staff bookers', () => {
  it('are sales staff and admins without an agency', () => {
    expect([supplierAdmin, sales, { ...sales, roles: ['Sales', 'operations'] }].map(isStaffBooker)).toEqual([true, true, true]);
    expect([agencyAdmin, agent, operations, null].map(isStaffBooker)).toEqual([false, false, false, false]);
    // An agent's token without the agency's name is still an agent's.
    expect(isStaffBooker({ ...agent, AgencyName: '' })).toBe(false);
  });
});

describe("'Only my bookings'", () => {
  it('is offered where it narrows the list: an agency admin, and a supplier admin outside a group page', () => {
    expect(onlyMineNarrows(agencyAdmin, false)).toBe(true);
    expect(onlyMineNarrows(agencyAdmin, true)).toBe(true);
    expect(onlyMineNarrows({ ...agencyAdmin, AgencyName: '' }, false)).toBe(true);
    expect(onlyMineNarrows(supplierAdmin, false)).toBe(true);
  });

  it("is not where the list holds the user's own bookings anyway, or a group's whole", () => {
    expect(onlyMineNarrows(agent, false)).toBe(false);
    expect(onlyMineNarrows(agent, true)).toBe(false);
    expect(onlyMineNarrows(sales, false)).toBe(false);
    expect(onlyMineNarrows(supplierAdmin, true)).toBe(false);
    expect(onlyMineNarrows(operations, true)).toBe(false);
    expect(onlyMineNarrows(null, false)).toBe(false);
  });
});
