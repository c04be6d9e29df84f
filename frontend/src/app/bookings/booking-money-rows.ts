import { paidBeyondPrice } from '@tbo/booking/src/pure/booking-money.pure';

/** An amount in USD with its AED beside it. */
export interface UsdAed {
  usd: number;
  aed: number;
}

/**
 * A direct sale: the supplier's own staff booked it, so no agency is party to it (agencyId null; an answer
 * without the field is not taken for one). Its invoice bills "Direct sale" with no agency commission and no net due
 * from an agency; the booking still keeps gross − net as sold, which is the staff agent's commission (the reports'
 * and the staff agent's own commissions list). So both booking pages label the two figures as the staff's, never
 * the agency's (README, "Money": agencyReceivable).
 */
export const isDirectSale = (b: { agencyId?: number | null }): boolean => b.agencyId === null;

/** The label keys of the net and commission rows: the page's own for an agency's booking, the staff's for a direct sale. */
export function netAndCommissionKeys(b: { agencyId?: number | null }, agencyKeys: { net: string; commission: string }): { net: string; commission: string } {
  return isDirectSale(b) ? { net: 'fields.netDirect', commission: 'fields.staffCommission' } : agencyKeys;
}

/**
 * What a cancelled booking gives back to the guest, as both pages show it beside the cancellation: the refund of the
 * total (the policy's percent of the price now), and what the guest paid beyond that price (a price lowered after
 * they paid), which a cancel does not cancel. Together they are what was paid, less the fee, for a guest who paid
 * it all. Both figures are the server's (the cancellation, and paidBeyondPrice kept by the booking's fold); null
 * for a booking not cancelled.
 */
export function owedBackOnCancel(b: {
  cancellation: { refundUsd: number; refundAed: number } | null;
  paidBeyondPriceUsd?: number;
  paidBeyondPriceAed?: number;
  prices?: { convRate: number };
}): { refund: UsdAed; beyondPrice: UsdAed | null } | null {
  if (!b.cancellation) return null;
  return { refund: { usd: b.cancellation.refundUsd, aed: b.cancellation.refundAed }, beyondPrice: paidBeyondPrice(b) };
}
