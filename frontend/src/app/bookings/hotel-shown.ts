import { NO_HOTEL_NAME } from '@tbo/scheduling/src/pure/pickup-window.pure';

/**
 * A booking's hotel as the screens name it: its own hotel's name, else the one the guest gave. A booking without a
 * hotel of the list (an OCTO booking without pick-up) carries NO_HOTEL_NAME: said in the reader's language.
 */
export function hotelShown(b: { customHotelName?: string | null; hotelName?: string | null }, noHotel: string): string {
  const name = b.customHotelName || b.hotelName || '';
  return name === NO_HOTEL_NAME ? noHotel : name;
}
