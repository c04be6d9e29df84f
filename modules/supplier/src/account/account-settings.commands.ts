import { z } from 'zod';
import { editedVersion, type CommandContext } from '@tbo/kernel';
import type { AccountSettings } from './account-settings';

/** The product prices in dirhams and dollars (spec 01 §9: base AED, secondary USD, shown as $): no other pair. */
const currency = (label: string, code: 'AED' | 'USD') =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .toUpperCase()
    .refine((v) => v === code, `${label} must be ${code}`);

export const saveAccountSettingsInput = z
  .object({
    taxes: z
      .array(
        z
          .object({
            name: z.string({ message: 'Tax name is required' }).trim().min(1, 'Tax name is required').max(50, 'Tax name is at most 50 characters'),
            amount: z.number({ message: 'Tax amount must be a number' }).min(0, 'Tax amount must be between 0 and 100').max(100, 'Tax amount must be between 0 and 100'),
            /** Derived from amount (1 + amount / 100); what the client sends is ignored. */
            amountK: z.number().nullish(),
          })
          .strict(),
        { message: 'taxes must be a list' },
      )
      .max(10, 'At most 10 taxes'),
    defaultCommission: z
      .number({ message: 'Default commission must be a number' })
      .min(0, 'Default commission must be between 0 and 100')
      .max(100, 'Default commission must be between 0 and 100'),
    currencyConversionSettings: z
      .object({
        baseCurrency: currency('Base currency', 'AED'),
        secondaryCurrency: currency('Secondary currency', 'USD'),
        convRate: z.number({ message: 'Conversion rate must be a number' }).positive('Conversion rate must be above 0').max(1_000_000, 'Conversion rate is too large'),
        convType: z.enum(['multiply', 'divide'], { message: "Conversion type must be 'multiply' or 'divide'" }),
      })
      .strict(),
    version: editedVersion().nullish(),
    position: z.unknown().optional(),
  })
  .strict();

export type SaveAccountSettingsInput = z.infer<typeof saveAccountSettingsInput>;

export class SaveAccountSettingsCommand {
  constructor(
    readonly supplierId: number,
    readonly settings: AccountSettings,
    readonly context: CommandContext,
    readonly version?: number | null,
  ) {}
}
