import type { DocumentLanguage } from '@tbo/event-schemas';
import { NO_HOTEL_NAME } from '@tbo/scheduling';

/** The manifest's words, printed (PDF) and in its sheet (xlsx). */
export const MANIFEST_LABELS = {
  eng: {
    title: 'Manifest', date: 'Date', slot: 'Time slot', allSlots: 'All time slots', pickUp: 'Pick-up', noPickUp: 'No pick-up time', region: 'Region', hotel: 'Hotel', noHotel: 'No Hotel',
    reference: 'Booking', guest: 'Guest', room: 'Room', phones: 'Phones', ad: 'Ad', ch: 'Ch', inf: 'Inf', foc: 'FOC', tour: 'Tour', ticket: 'Ticket', voucher: 'Voucher',
    toCollect: 'To collect (USD)', notes: 'Notes', status: 'Status', checkIn: 'Checked in', groupTotal: 'Group total', dayTotal: 'Day total', bookings: (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`,
    noShow: 'No-show', none: 'No bookings on this day.',
    statuses: { 0: 'Normal', 1: 'Pending', 2: 'Quotation request', 3: 'Payment required', 4: 'Cancelled', 5: 'Completed' } as Record<number, string>,
  },
  rus: {
    title: 'Манифест', date: 'Дата', slot: 'Время', allSlots: 'Все слоты', pickUp: 'Трансфер', noPickUp: 'Без времени трансфера', region: 'Район', hotel: 'Отель', noHotel: 'Без отеля',
    reference: 'Бронь', guest: 'Гость', room: 'Номер', phones: 'Телефоны', ad: 'Взр', ch: 'Дет', inf: 'Мл.', foc: 'Бесп', tour: 'Тур', ticket: 'Билет', voucher: 'Ваучер',
    toCollect: 'К получению (USD)', notes: 'Примечания', status: 'Статус', checkIn: 'Прибыл', groupTotal: 'Итого по группе', dayTotal: 'Итого за день', bookings: (n: number) => `${n} брон.`,
    noShow: 'Не явился', none: 'В этот день бронирований нет.',
    statuses: { 0: 'Подтверждено', 1: 'Ожидает', 2: 'Запрос цены', 3: 'Требуется оплата', 4: 'Отменено', 5: 'Завершено' } as Record<number, string>,
  },
} satisfies Record<DocumentLanguage, unknown>;

/** A group's hotel as the manifest names it: a booking without a hotel of the list carries NO_HOTEL_NAME. */
export const manifestHotel = (hotelName: string, language: DocumentLanguage): string => (hotelName === NO_HOTEL_NAME ? MANIFEST_LABELS[language].noHotel : hotelName);
