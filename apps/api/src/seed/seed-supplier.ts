import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { findSupplierAccountSettings, findSupplierByName, findSupplierProfile } from '@tbo/read-models';
import { DEFAULT_ACCOUNT_SETTINGS, SaveAccountSettingsCommand, SaveSupplierProfileCommand, type SupplierProfile } from '@tbo/supplier';
import { KNEX, systemContext } from '@tbo/kernel';
import { DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';

const contact = (local: string, phone: string) => ({ phone, email: `${local}@desertroutes.example` });

export const DEMO_PROFILE: SupplierProfile = {
  code: 'DRT',
  name: 'Desert Routes Tourism LLC',
  taxRegistrationNumber: '100354872600003',
  tradeLicenseNumber: 'DED-784512',
  countryId: 784,
  address: 'Office 1204, Bay Square Building 3, Business Bay, PO Box 118822, Dubai, United Arab Emirates',
  paymentDetails: {
    accountNumber: '1015487263901',
    ibanNumber: 'AE060260001015487263901',
    swiftCode: 'EBILAEAD',
    bankName: 'Emirates NBD Bank PJSC',
    bankBranchAddress: 'Business Bay Branch, Al Abraj Street, Dubai',
  },
  customerSupport: {
    primary: { name: 'Aisha Rahman', ...contact('support', '+971 4 512 3400') },
    secondary: { name: 'Ken Mathew', ...contact('ken.mathew', '+971 4 512 3401') },
    emergency: { name: 'Duty Manager', ...contact('duty', '+971 50 641 2290') },
  },
  operationsSupport: {
    primary: contact('operations', '+971 4 512 3410'),
    secondary: contact('dispatch', '+971 4 512 3411'),
    emergency: contact('ops.emergency', '+971 55 880 1734'),
  },
  accountsDepartment: {
    primary: contact('accounts', '+971 4 512 3420'),
    secondary: contact('billing', '+971 4 512 3421'),
    emergency: contact('finance', '+971 50 331 9087'),
  },
  isAcknowledged: true,
  cancellationPolicy: [
    { hours: 48, percents: 100 },
    { hours: 24, percents: 50 },
  ],
  defaultSettings: {
    termsAndConditions:
      '<h3>Booking terms</h3><ol><li>Prices are per person in AED and include 5% VAT unless stated otherwise.</li>' +
      '<li>Bookings are confirmed once the voucher is issued; present it (printed or on a phone) at pick-up.</li>' +
      '<li>Pick-up times are approximate: please be in the hotel lobby 10 minutes early.</li>' +
      '<li>Tours may change or be cancelled for weather or safety; a full refund or another date is then offered.</li></ol>' +
      '<p>Full terms: <a href="https://desertroutes.example/terms">desertroutes.example/terms</a></p>',
    faq:
      '<p><strong>What should I wear on a desert safari?</strong></p><p>Light, loose clothes, closed shoes and sunglasses; a jacket in winter evenings.</p>' +
      '<p><strong>Are children allowed?</strong></p><p>Yes. Children under 3 travel free; dune bashing is not recommended for pregnant guests or guests with back problems.</p>' +
      '<p><strong>How do I change a booking?</strong></p><p>Write to <a href="mailto:support@desertroutes.example">support@desertroutes.example</a> at least 24 hours before the tour.</p>',
    notesToClientPostBooking:
      '<p>Thank you for booking with <strong>Desert Routes Tourism</strong>.</p>' +
      '<ul><li>Our driver calls you 30 minutes before pick-up.</li><li>Keep your voucher and passport copy with you.</li>' +
      '<li>Questions on the day: +971 50 641 2290 (24/7).</li></ul>',
  },
};

/**
 * The demo supplier's business profile, contacts, default settings and policy, and its account
 * settings (the platform defaults, stated as events). Only when never saved: running the seed
 * again never overwrites what an admin changed. Answers how many were saved.
 */
export function seedSupplier(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'supplier', async () => {
    await catchUp();
    return seedSupplierData(app.get(CommandBus), app.get<Knex>(KNEX));
  });
}

async function seedSupplierData(commands: CommandBus, db: Knex): Promise<number> {
  const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
  if (!supplier) return 0;
  const context = systemContext('seed');
  let saved = 0;
  if (!(await findSupplierProfile(db, supplier.id))) {
    await commands.execute(new SaveSupplierProfileCommand(supplier.id, DEMO_PROFILE, context));
    saved++;
  }
  if (!(await findSupplierAccountSettings(db, supplier.id))) {
    await commands.execute(new SaveAccountSettingsCommand(supplier.id, DEFAULT_ACCOUNT_SETTINGS, context));
    saved++;
  }
  return saved;
}
