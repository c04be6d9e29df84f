import type { ExcelColumn, SheetLanguage } from '@tbo/kernel';

/** timeslots.xlsx's words; the Russian ones follow the time slots pages on a Russian screen. */
export const TIME_SLOTS_SHEET_WORDS = {
  en: {
    title: 'Time slots', id: 'Id', name: 'Name', capacity: 'Capacity', minimumAdvancedBooking: 'Minimum advanced booking (hours)', pickUpTime: 'Pick-up time',
    independent: 'Independent time slots', slots: 'Time slots', deleted: 'Deleted', yes: 'Yes', no: 'No',
  },
  ru: {
    title: 'Временные слоты', id: '№', name: 'Группа', capacity: 'Вместимость', minimumAdvancedBooking: 'Минимальный срок бронирования (часы)', pickUpTime: 'Время трансфера',
    independent: 'Независимые слоты', slots: 'Слоты', deleted: 'Удалена', yes: 'Да', no: 'Нет',
  },
} satisfies Record<SheetLanguage, Record<string, string>>;

export const timeSlotsSheetColumns = (w: (typeof TIME_SLOTS_SHEET_WORDS)['en']): ExcelColumn[] => [
  { header: w.id, width: 10 },
  { header: w.name, width: 40 },
  { header: w.capacity, width: 12 },
  { header: w.minimumAdvancedBooking, width: 20 },
  { header: w.pickUpTime, width: 30 },
  { header: w.independent, width: 14 },
  { header: w.slots, width: 60 },
  { header: w.deleted, width: 10 },
];
