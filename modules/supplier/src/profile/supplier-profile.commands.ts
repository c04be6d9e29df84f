import { z } from 'zod';
import { cancellationOptionInput, editedVersion, cancellationRowProblem, idOrZero, type CommandContext } from '@tbo/kernel';
import type { SupplierProfile } from './supplier-profile';
import { BANK_CODE_MESSAGES, isIbanOrBlank, isSwiftOrBlank } from './bank-codes.pure';

/** Optional text: null, undefined and blanks become ''. */
const text = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
const email = z
  .string({ message: 'Email must be text' })
  .trim()
  .max(254, 'Email is at most 254 characters')
  .nullish()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address');
/** Free text (extensions, notes like 'WhatsApp only'): only its length is checked. */
const phone = text(50, 'Phone');
const blankable = <S extends z.ZodType>(shape: S) => shape.nullish().transform((v) => v ?? shape.parse({}));

const namedContact = blankable(z.object({ name: text(200, 'Name'), phone, email }).strict());
const contact = blankable(z.object({ phone, email }).strict());
const contactSet = <S extends z.ZodType>(c: S) => blankable(z.object({ primary: c, secondary: c, emergency: c }).strict());
const richText = (label: string) => text(100_000, label);

const policyRow = cancellationOptionInput
  .strict()
  .superRefine((row, ctx) => {
    const problem = cancellationRowProblem(row);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const saveSupplierProfileInput = z
  .object({
    code: z.string({ message: 'Business code is required' }).trim().min(1, 'Business code is required').max(50, 'Business code is at most 50 characters'),
    name: z.string({ message: 'Legal name is required' }).trim().min(1, 'Legal name is required').max(200, 'Legal name is at most 200 characters'),
    taxRegistrationNumber: text(100, 'Tax registration number'),
    tradeLicenseNumber: text(100, 'Trade license number'),
    /** 0 or null: no country chosen yet. */
    countryId: idOrZero('countryId').nullish().transform((v) => v || null),
    address: text(1000, 'Address'),
    paymentDetails: blankable(
      z
        .object({
          accountNumber: text(100, 'Account number'),
          ibanNumber: text(100, 'IBAN').refine(isIbanOrBlank, BANK_CODE_MESSAGES.iban),
          swiftCode: text(50, 'SWIFT code').refine(isSwiftOrBlank, BANK_CODE_MESSAGES.swift),
          bankName: text(200, 'Bank name'),
          bankBranchAddress: text(500, 'Bank branch address'),
        })
        .strict(),
    ),
    customerSupport: contactSet(namedContact),
    operationsSupport: contactSet(contact),
    accountsDepartment: contactSet(contact),
    isAcknowledged: z.boolean({ message: 'isAcknowledged must be true or false' }).nullish().transform((v) => v ?? false),
    cancellationPolicy: z
      .array(policyRow, { message: 'cancellationPolicy must be a list of hours and percents' })
      .max(50, 'Cancellation policy has at most 50 rows')
      .nullish()
      .transform((v) => v ?? []),
    defaultSettings: blankable(
      z
        .object({
          termsAndConditions: richText('Terms and conditions'),
          faq: richText('FAQ'),
          notesToClientPostBooking: richText('Notes to client post booking'),
        })
        .strict(),
    ),
    /** The version the client edited; a newer one on the server answers 409 instead of overwriting. */
    version: editedVersion().nullish(),
    /** A save's answer carries its position; sending that answer back is allowed, the position is ignored. */
    position: z.unknown().optional(),
  })
  .strict();

export type SaveSupplierProfileInput = z.infer<typeof saveSupplierProfileInput>;

export class SaveSupplierProfileCommand {
  constructor(
    readonly supplierId: number,
    readonly profile: SupplierProfile,
    readonly context: CommandContext,
    readonly version?: number | null,
  ) {}
}
