export type DocumentLang = 'eng' | 'rus';

/** The invoice's and the vouchers' addresses (spec 02 §7). */
export const invoicePath = (id: number): string => `/bookings/download/invoice/${id}`;
export const voucherPath = (id: number, lang: DocumentLang): string => `/bookings/download/voucher/${id}?lang=${lang}`;

/** The voucher links: the one labelled RUS sends rus, ENG sends eng (the original had them swapped). */
export const VOUCHER_LINKS: readonly { label: 'RUS' | 'ENG'; lang: DocumentLang }[] = [
  { label: 'ENG', lang: 'eng' },
  { label: 'RUS', lang: 'rus' },
];
