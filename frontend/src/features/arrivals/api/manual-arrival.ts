/* Apart from arrivals.api.ts (the browser's fetch code): the API tests build this body with the dialog's own logic. */

/**
 * POST /api/arrivals/manual. Only the fields given change an arrival already in the list (its pax id): one left out
 * keeps its value there, while null or '' would clear it.
 */
export interface ManualArrival {
  listId: number;
  listName: string;
  paxId: string;
  touristName: string;
  groupId?: number;
  hotelId?: number;
  agencyId?: number;
  arrivalDate?: string;
  departureDate?: string;
  arrivalTime?: string;
  departureTime?: string;
  touristPhone?: string;
  touristCountry?: string;
  age?: number;
  notes?: string;
}
