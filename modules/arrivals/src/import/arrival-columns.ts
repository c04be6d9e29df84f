import type { ArrivalFieldsData } from '@tbo/event-schemas';

export type ArrivalField = keyof ArrivalFieldsData;

/**
 * The header names an arrival list's column may have, in English or Russian (rooming lists come from hotels and
 * Russian tour operators). Headers are compared normalised (see normalizeHeader): case, ё, punctuation and
 * spacing do not count. agencyId and hotelId are looked up from the agency and hotel names.
 */
export const ARRIVAL_HEADERS: Partial<Record<ArrivalField, string[]>> = {
  paxId: ['pax id', 'paxid', 'pax', 'pax no', 'id туриста', 'номер туриста', 'пакс id', 'id пакса'],
  touristName: ['tourist name', 'tourist', 'name', 'guest name', 'guest', 'турист', 'фио', 'фио туриста', 'имя туриста', 'имя'],
  groupId: ['group id', 'groupid', 'group', 'group no', 'группа', 'номер группы', 'id группы'],
  hotelName: ['hotel', 'hotel name', 'отель', 'гостиница', 'название отеля'],
  tdAgencyName: ['agency', 'agency name', 'агентство', 'турагентство'],
  arrivalDate: ['arrival date', 'arrival', 'date of arrival', 'дата прилета', 'дата прибытия', 'дата заезда', 'заезд'],
  arrivalTime: ['arrival time', 'время прилета', 'время прибытия'],
  departureDate: ['departure date', 'departure', 'date of departure', 'дата вылета', 'дата отъезда', 'дата выезда', 'выезд'],
  departureTime: ['departure time', 'время вылета', 'время отъезда'],
  birthDate: ['birth date', 'date of birth', 'birthday', 'дата рождения'],
  age: ['age', 'возраст'],
  touristPhone: ['phone', 'tourist phone', 'telephone', 'mobile', 'телефон', 'телефон туриста'],
  touristEmail: ['email', 'e mail', 'tourist email', 'почта', 'эл почта', 'электронная почта'],
  touristCountry: ['country', 'nationality', 'страна', 'гражданство'],
  // Not a bare 'Номер': in Russian lists (ours too, arrivals.xlsx) it is the room number, which arrivals do not keep.
  roomType: ['room type', 'room', 'тип номера'],
  accType: ['accommodation type', 'acc type', 'accommodation', 'размещение', 'тип размещения'],
  mealType: ['meal type', 'meal', 'board', 'питание', 'тип питания'],
  arrivalFlight: ['arrival flight', 'flight in', 'рейс прилета', 'рейс прибытия'],
  arrivalTerminal: ['arrival terminal', 'terminal in', 'терминал прилета', 'терминал прибытия'],
  arrivalTransport: ['arrival transport', 'transfer in', 'трансфер прилета', 'транспорт прилета'],
  departureFlight: ['departure flight', 'flight out', 'рейс вылета', 'рейс отъезда'],
  departureTerminal: ['departure terminal', 'terminal out', 'терминал вылета'],
  departureTransport: ['departure transport', 'transfer out', 'трансфер вылета', 'транспорт вылета'],
  pickUpTime: ['pick up time', 'pickup time', 'pick up', 'время сбора', 'время трансфера'],
  hotelConfirmationNumber: ['hotel confirmation', 'hotel confirmation number', 'подтверждение отеля', 'номер подтверждения отеля'],
  agentConfirmationNumber: ['agent confirmation', 'agent confirmation number', 'подтверждение агента', 'номер подтверждения агента'],
  notes: ['notes', 'note', 'comment', 'comments', 'примечание', 'примечания', 'комментарий'],
};

/** Human names of the fields, for the preview's mapping and the refusal reasons. */
export const FIELD_LABELS: Record<ArrivalField, string> = {
  paxId: 'Pax Id', touristName: 'Tourist name', groupId: 'Group Id', hotelId: 'Hotel', hotelName: 'Hotel', agencyId: 'Agency', tdAgencyName: 'Agency',
  arrivalDate: 'Arrival date', arrivalTime: 'Arrival time', departureDate: 'Departure date', departureTime: 'Departure time', birthDate: 'Birth date', age: 'Age',
  touristPhone: 'Phone', touristEmail: 'Email', touristCountry: 'Country', roomType: 'Room type', accType: 'Accommodation type', mealType: 'Meal type',
  arrivalFlight: 'Arrival flight', arrivalTerminal: 'Arrival terminal', arrivalTransport: 'Arrival transport', departureFlight: 'Departure flight',
  departureTerminal: 'Departure terminal', departureTransport: 'Departure transport', pickUpTime: 'Pick-up time', hotelConfirmationNumber: 'Hotel confirmation number',
  agentConfirmationNumber: 'Agent confirmation number', notes: 'Notes',
};

export const normalizeHeader = (h: string): string =>
  h
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const BY_HEADER = new Map<string, ArrivalField>(
  Object.entries(ARRIVAL_HEADERS).flatMap(([field, names]) => names!.map((n) => [normalizeHeader(n), field as ArrivalField] as const)),
);

/** The field a header names, or null (the column is ignored). */
export const fieldOfHeader = (header: string): ArrivalField | null => BY_HEADER.get(normalizeHeader(header)) ?? null;
