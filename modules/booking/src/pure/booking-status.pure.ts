/**
 * Booking status codes (spec 02 §4) and the words people see for them. The lookup's other texts are not
 * shown in the spec: 'Normal' and 'Pending' are the operator filter's words, the rest name the state.
 */
export const BOOKING_STATUS = { normal: 0, pending: 1, quotationRequest: 2, paymentRequired: 3, cancelled: 4, completed: 5 } as const;
export type BookingStatusCode = (typeof BOOKING_STATUS)[keyof typeof BOOKING_STATUS];

export const BOOKING_STATUS_TEXT: Record<BookingStatusCode, string> = {
  0: 'Normal',
  1: 'Pending',
  2: 'Quotation Request',
  3: 'Payment Required',
  4: 'Cancelled',
  5: 'Completed',
};

/** The same in Russian, as the screens say them (an export made from a Russian screen writes these). */
export const BOOKING_STATUS_TEXT_RU: Record<BookingStatusCode, string> = {
  0: 'Подтверждено',
  1: 'Ожидает',
  2: 'Запрос цены',
  3: 'Требуется оплата',
  4: 'Отменено',
  5: 'Завершено',
};

/** The operator list's status filter (spec 02 §2): Normal, Pending, Cancelled. */
export const OPERATOR_STATUS_FILTER = ['normal', 'pending', 'cancelled'] as const;
export type OperatorStatusFilter = (typeof OPERATOR_STATUS_FILTER)[number];
