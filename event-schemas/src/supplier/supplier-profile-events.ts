import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/**
 * A supplier's business profile (stream `supplierprofile-<supplierId>`) and account settings
 * (stream `supplieraccount-<supplierId>`). The profile changes in sections, one event each, so
 * the history says which part changed; each event states its section whole.
 */
const supplierId = z.number().int().positive().max(PG_INT_MAX);
const text = (max: number) => z.string().max(max);

export const PaymentDetails = z.object({
  accountNumber: text(100),
  ibanNumber: text(100),
  swiftCode: text(50),
  bankName: text(200),
  bankBranchAddress: text(500),
});
export const NamedContact = z.object({ name: text(200), phone: text(50), email: text(254) });
export const Contact = z.object({ phone: text(50), email: text(254) });
const contactSet = <S extends z.ZodType>(c: S) => z.object({ primary: c, secondary: c, emergency: c });
export const CancellationOption = z.object({ hours: z.number().int().positive().max(PG_INT_MAX), percents: z.number().positive().max(100) });

export const SupplierCoreDetailsChanged = z.object({
  supplierId,
  code: z.string().min(1).max(50),
  name: z.string().min(1).max(200),
  taxRegistrationNumber: text(100),
  tradeLicenseNumber: text(100),
  countryId: z.number().int().positive().max(PG_INT_MAX).nullable(),
  address: text(1000),
  paymentDetails: PaymentDetails,
  isAcknowledged: z.boolean(),
});
export const SupplierContactsChanged = z.object({
  supplierId,
  customerSupport: contactSet(NamedContact),
  operationsSupport: contactSet(Contact),
  accountsDepartment: contactSet(Contact),
});
/** Rich text, already sanitised when the command was handled. */
export const SupplierDefaultSettingsChanged = z.object({
  supplierId,
  termsAndConditions: text(100_000),
  faq: text(100_000),
  notesToClientPostBooking: text(100_000),
});
export const SupplierCancellationPolicyChanged = z.object({ supplierId, cancellationPolicy: z.array(CancellationOption).max(50) });

export const Tax = z.object({ name: z.string().min(1).max(50), amount: z.number().min(0).max(100), amountK: z.number().min(1).max(2) });
export const CurrencyConversionSettings = z.object({
  baseCurrency: z.string().length(3),
  secondaryCurrency: z.string().length(3),
  convRate: z.number().positive(),
  convType: z.enum(['multiply', 'divide']),
});
/** Prices saved before keep the values they were saved with: valid periods carry their own copy. */
export const SupplierAccountSettingsChanged = z.object({
  supplierId,
  taxes: z.array(Tax).max(10),
  defaultCommission: z.number().min(0).max(100),
  currencyConversionSettings: CurrencyConversionSettings,
});

export type SupplierCoreDetailsData = z.infer<typeof SupplierCoreDetailsChanged>;
export type SupplierContactsData = z.infer<typeof SupplierContactsChanged>;
export type SupplierDefaultSettingsData = z.infer<typeof SupplierDefaultSettingsChanged>;
export type SupplierCancellationPolicyData = z.infer<typeof SupplierCancellationPolicyChanged>;
export type SupplierAccountSettingsData = z.infer<typeof SupplierAccountSettingsChanged>;

/** The schema of each event type, by type. */
export const supplierProfileEventTypes = { SupplierCoreDetailsChanged, SupplierContactsChanged, SupplierDefaultSettingsChanged, SupplierCancellationPolicyChanged };
export type SupplierProfileEvent = EventUnion<typeof supplierProfileEventTypes>;
export type SupplierAccountEvent = EventUnion<{ SupplierAccountSettingsChanged: typeof SupplierAccountSettingsChanged }>;

const c = { phone: '+971 4 000 0000', email: 'ops@example.test' };
export const supplierProfileEventSchemas: EventSchemaDefinition[] = [
  {
    type: 'SupplierCoreDetailsChanged',
    version: 1,
    schema: SupplierCoreDetailsChanged,
    example: {
      supplierId: 1,
      code: 'DRT',
      name: 'Desert Routes Tourism LLC',
      taxRegistrationNumber: '100000000000003',
      tradeLicenseNumber: 'DED-123456',
      countryId: 784,
      address: 'Office 1201, Bay Square 3, Business Bay, Dubai',
      paymentDetails: { accountNumber: '1012345678901', ibanNumber: 'AE070331234567890123456', swiftCode: 'EBILAEAD', bankName: 'Emirates NBD', bankBranchAddress: 'Business Bay, Dubai' },
      isAcknowledged: true,
    },
  },
  {
    type: 'SupplierContactsChanged',
    version: 1,
    schema: SupplierContactsChanged,
    example: {
      supplierId: 1,
      customerSupport: { primary: { name: 'Aisha', ...c }, secondary: { name: '', phone: '', email: '' }, emergency: { name: 'Duty', ...c } },
      operationsSupport: { primary: c, secondary: c, emergency: c },
      accountsDepartment: { primary: c, secondary: { phone: '', email: '' }, emergency: c },
    },
  },
  {
    type: 'SupplierDefaultSettingsChanged',
    version: 1,
    schema: SupplierDefaultSettingsChanged,
    example: { supplierId: 1, termsAndConditions: '<p><strong>Terms</strong></p>', faq: '<ul><li>Q?</li></ul>', notesToClientPostBooking: '' },
  },
  {
    type: 'SupplierCancellationPolicyChanged',
    version: 1,
    schema: SupplierCancellationPolicyChanged,
    example: { supplierId: 1, cancellationPolicy: [{ hours: 48, percents: 100 }, { hours: 24, percents: 50 }] },
  },
  {
    type: 'SupplierAccountSettingsChanged',
    version: 1,
    schema: SupplierAccountSettingsChanged,
    example: {
      supplierId: 1,
      taxes: [{ name: 'VAT', amount: 5, amountK: 1.05 }],
      defaultCommission: 20,
      currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.65, convType: 'multiply' },
    },
  },
];
