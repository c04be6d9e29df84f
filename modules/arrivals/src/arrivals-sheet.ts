import type { CellValue, ExcelColumn, SheetLanguage } from '@tbo/kernel';
import { dubaiToday } from '@tbo/scheduling';
import { arrivalDisplayStatus, GROUP_STATUS_LABELS } from './pure/arrival-status.pure';
import { dmy, type ArrivalAnswer } from './arrivals-view';

type Column = keyof typeof HEADERS.en;

/** The sheet's column titles: the Russian ones are the arrivals table's on a Russian screen. */
const HEADERS = {
  en: {
    status: 'Status', salesStaff: 'Sales staff', meetingDate: 'Meeting date', groupId: 'GroupId', hotel: 'Hotel', touristName: 'Tourist name', phone: 'Phone', roomNumber: 'Room number',
    age: 'Age', country: 'Country', agency: 'Agency', arrivalDate: 'Arrival date', arrivalTime: 'Arrival time', notes: 'Notes', guestNotes: 'Guest notes',
    arrivalTerminal: 'Arrival terminal', arrivalFlight: 'Arrival flight', arrivalTransport: 'Arrival transport', roomType: 'Room type', accType: 'Accommodation type', mealType: 'Meal type',
    departureDate: 'Departure date', departureTime: 'Departure time', departureFlight: 'Departure flight', departureTerminal: 'Departure terminal', departureTransport: 'Departure transport',
    pickUpTime: 'Pick-up time', hotelConfirmation: 'Hotel confirmation number', agentConfirmation: 'Agent confirmation number',
  },
  ru: {
    status: 'Статус', salesStaff: 'Продавцы', meetingDate: 'Дата встречи', groupId: 'Группа', hotel: 'Отель', touristName: 'Турист', phone: 'Телефон', roomNumber: 'Номер',
    age: 'Возраст', country: 'Страна', agency: 'Агентство', arrivalDate: 'Дата прилёта', arrivalTime: 'Время прил.', notes: 'Примечания', guestNotes: 'Заметки о госте',
    arrivalTerminal: 'Терминал прил.', arrivalFlight: 'Рейс прил.', arrivalTransport: 'Трансфер прил.', roomType: 'Тип номера', accType: 'Размещение', mealType: 'Питание',
    departureDate: 'Дата вылета', departureTime: 'Время выл.', departureFlight: 'Рейс выл.', departureTerminal: 'Терминал выл.', departureTransport: 'Трансфер выл.',
    pickUpTime: 'Время сбора', hotelConfirmation: 'Подтв. отеля', agentConfirmation: 'Подтв. агента',
  },
} satisfies Record<SheetLanguage, Record<string, string>>;

/** The Russian status words, as the table says them (the English ones are the status's own labels). */
const RU_STATUS: Record<string, string> = {
  [GROUP_STATUS_LABELS[-1]!]: 'Удалён', [GROUP_STATUS_LABELS[0]!]: 'Нет контакта', [GROUP_STATUS_LABELS[1]!]: 'Не пришли', [GROUP_STATUS_LABELS[2]!]: 'Не купили',
  [GROUP_STATUS_LABELS[3]!]: 'Куплено на др. имя', [GROUP_STATUS_LABELS[4]!]: 'Отменено', [GROUP_STATUS_LABELS[5]!]: 'Куплено', [GROUP_STATUS_LABELS[6]!]: 'Не турист',
  'Comm. Initiated': 'Контакт начат', 'Comm. Resp.': 'Есть ответ',
};
const RU_BOOKINGS: Record<string, string> = { one: 'бронирование', few: 'бронирования', many: 'бронирований', other: 'бронирования' };
const ruPlural = new Intl.PluralRules('ru');

/** The status cell: the display status the table shows, in the sheet's language. */
function ruStatusText(a: ArrivalAnswer): string {
  const shown = arrivalDisplayStatus({ isDeleted: a.isDeleted, numberOfBookings: a.numberOfBookings, groupStatus: a.groupStatus, communicationStatus: a.communicationStatus, departureDate: a.departureDate, today: dubaiToday() });
  if (shown.bookings !== null) return `${shown.bookings} ${RU_BOOKINGS[ruPlural.select(shown.bookings)]}`;
  return RU_STATUS[shown.label] ?? shown.label;
}

/** arrivals.xlsx: the table's columns in its order (spec 02 §2), each with its width and cell. */
const SHEET: { column: Column; width: number; cell: (a: ArrivalAnswer) => CellValue }[] = [
  { column: 'status', width: 16, cell: (a) => a.statusText },
  { column: 'salesStaff', width: 20, cell: (a) => a.salesStaffNames },
  { column: 'meetingDate', width: 12, cell: (a) => dmy(a.meetingDate) },
  { column: 'groupId', width: 10, cell: (a) => a.groupId },
  { column: 'hotel', width: 28, cell: (a) => a.hotelDisplay },
  { column: 'touristName', width: 26, cell: (a) => a.touristName },
  { column: 'phone', width: 20, cell: (a) => a.phoneDisplay },
  { column: 'roomNumber', width: 10, cell: (a) => a.roomNumber },
  { column: 'age', width: 6, cell: (a) => a.age },
  { column: 'country', width: 14, cell: (a) => a.touristCountry },
  { column: 'agency', width: 20, cell: (a) => a.tdAgencyName },
  { column: 'arrivalDate', width: 12, cell: (a) => dmy(a.arrivalDate) },
  { column: 'arrivalTime', width: 10, cell: (a) => a.arrivalTime },
  { column: 'notes', width: 30, cell: (a) => a.notes },
  { column: 'guestNotes', width: 30, cell: (a) => a.arrivalNotes },
  { column: 'arrivalTerminal', width: 10, cell: (a) => a.arrivalTerminal },
  { column: 'arrivalFlight', width: 10, cell: (a) => a.arrivalFlight },
  { column: 'arrivalTransport', width: 12, cell: (a) => a.arrivalTransport },
  { column: 'roomType', width: 10, cell: (a) => a.roomType },
  { column: 'accType', width: 12, cell: (a) => a.accType },
  { column: 'mealType', width: 8, cell: (a) => a.mealType },
  { column: 'departureDate', width: 12, cell: (a) => dmy(a.departureDate) },
  { column: 'departureTime', width: 10, cell: (a) => a.departureTime },
  { column: 'departureFlight', width: 10, cell: (a) => a.departureFlight },
  { column: 'departureTerminal', width: 10, cell: (a) => a.departureTerminal },
  { column: 'departureTransport', width: 12, cell: (a) => a.departureTransport },
  { column: 'pickUpTime', width: 12, cell: (a) => a.pickUpTime },
  { column: 'hotelConfirmation', width: 16, cell: (a) => a.hotelConfirmationNumber },
  { column: 'agentConfirmation', width: 16, cell: (a) => a.agentConfirmationNumber },
];

export const ARRIVAL_SHEET_TITLE: Record<SheetLanguage, string> = { en: 'Arrivals', ru: 'Заезды' };

export const arrivalSheetColumns = (lang: SheetLanguage): ExcelColumn[] => SHEET.map(({ column, width }) => ({ header: HEADERS[lang][column], width }));

/** A row's cells; in Russian the status and the 'No Hotel' marker are said as the Russian table says them. */
export function arrivalCells(a: ArrivalAnswer, lang: SheetLanguage): CellValue[] {
  const shown = lang === 'en' ? a : { ...a, statusText: ruStatusText(a), hotelDisplay: a.hotelName || (a.hotelId === null ? 'Без отеля' : '') };
  return SHEET.map((c) => c.cell(shown));
}
