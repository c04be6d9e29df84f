import { z } from 'zod';
import { CONTRACT_LIMITS, CONTRACT_MESSAGES, isCommission } from '@tbo/booking/src/contracts/contract-rules.pure';
import { RESELLER_KEY_MESSAGES } from '@tbo/connectivity/src/resellers/reseller-key-rules.pure';
import { EMAIL_SHAPE } from '../../../app/forms/email-shape';

/** The Add agency form: the agency, its first agent (its admin) and the commission (empty: the period's). */
export interface AgencyForm {
  agencyName: string;
  agentFullName: string;
  agentEmail: string;
  agentPassword: string;
  commission: number | null;
}

export interface CommissionForm {
  commission: number | null;
}

export const EMPTY_AGENCY_FORM: AgencyForm = { agencyName: '', agentFullName: '', agentEmail: '', agentPassword: '', commission: null };

/** Identity's password policy minimum (the server checks it and the common-password list again). */
export const PASSWORD_MIN_LENGTH = 8;
export const LIMITS = CONTRACT_LIMITS;

export type ErrorKey = 'agencyName' | 'agentFullName' | 'agentEmail' | 'emailInvalid' | 'agentPassword' | 'passwordShort' | 'commission' | 'tooLong';
type Say = (key: ErrorKey, max?: number) => string;

const commissionRule = (say: Say) => z.number().nullable().refine((v) => isCommission(v), say('commission'));

export function buildAgencySchema(say: Say) {
  const text = (key: ErrorKey, max: number) =>
    z
      .string()
      .refine((v) => v.trim().length > 0, say(key))
      .refine((v) => v.trim().length <= max, say('tooLong', max));
  return z.object({
    agencyName: text('agencyName', LIMITS.agencyName),
    agentFullName: text('agentFullName', LIMITS.agentFullName),
    agentEmail: text('agentEmail', LIMITS.agentEmail).refine((v) => !v.trim() || EMAIL_SHAPE.test(v.trim()), say('emailInvalid')),
    agentPassword: z
      .string()
      .refine((v) => v.length > 0, say('agentPassword'))
      .refine((v) => !v.length || [...v].length >= PASSWORD_MIN_LENGTH, say('passwordShort')),
    commission: commissionRule(say),
  });
}

export const buildCommissionSchema = (say: Say) => z.object({ commission: commissionRule(say) });

export function toAgencyPayload(v: AgencyForm): AgencyForm {
  return { agencyName: v.agencyName.trim(), agentFullName: v.agentFullName.trim(), agentEmail: v.agentEmail.trim(), agentPassword: v.agentPassword, commission: v.commission };
}

/** The form's field of a server field key (the API names them as the form does). */
export const agencyPathOf = (key: string): keyof AgencyForm | null => (['agencyName', 'agentFullName', 'agentEmail', 'agentPassword', 'commission'].includes(key) ? (key as keyof AgencyForm) : null);
export const commissionPathOf = (key: string): keyof CommissionForm | null => (key === 'commission' ? 'commission' : null);

/**
 * The API's messages the tab says in the user's language (the rest are shown as the API words them). The password
 * texts are identity's policy wording.
 */
const SERVER_MESSAGES: [RegExp | string, string][] = [
  [CONTRACT_MESSAGES.commission, 'errors.commission'],
  [CONTRACT_MESSAGES.notFound, 'errors.notFound'],
  [CONTRACT_MESSAGES.alreadySigned, 'errors.alreadySigned'],
  [CONTRACT_MESSAGES.agencyNotFound, 'errors.agencyNotFound'],
  [CONTRACT_MESSAGES.agencyNameTaken, 'errors.agencyNameTaken'],
  [RESELLER_KEY_MESSAGES.notFound, 'errors.keyNotFound'],
  [RESELLER_KEY_MESSAGES.name, 'errors.keyName'],
  [RESELLER_KEY_MESSAGES.nameLength, 'errors.keyNameLength'],
  [/^The new password must be at least \d+ characters long$/, 'errors.passwordShort'],
  [/^The new password must be at most \d+ characters long$/, 'errors.passwordLong'],
  [/^This password is one of the most common ones/, 'errors.passwordCommon'],
  [/^A user with the email .+ already exists$/, 'errors.emailTaken'],
];

/** The i18n key of a known API message, or null to show it as it is. */
export function serverMessageKey(message: string): string | null {
  const hit = SERVER_MESSAGES.find(([m]) => (typeof m === 'string' ? m === message : m.test(message)));
  return hit ? hit[1] : null;
}

/** Commission as the table shows it: '18 %', or the period's. */
export const commissionText = (commission: number | null, periodText: string, locale: string) =>
  commission === null ? periodText : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(commission)} %`;
