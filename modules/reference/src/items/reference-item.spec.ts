import { NotFoundError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { ReferenceItemEvent } from '@tbo/event-schemas';
import { referenceItemDecider, referenceItemStream } from './reference-item';

const hotels = referenceItemDecider('Hotel');
const hotel = { id: 7, name: 'Atlantis The Palm', regionId: 3, cityId: 1 };
const added: ReferenceItemEvent<'Hotel'> = { type: 'HotelAdded', data: hotel };

describe('reference item decider', () => {
  it('adds a new item', () => {
    given(hotels).when({ isNew: true, data: hotel }).then([added]);
  });

  it('refuses a change to an item that does not exist', () => {
    given(hotels).when({ isNew: false, data: hotel }).thenThrows(NotFoundError);
    given(hotels).when({ isNew: false, data: hotel }).thenThrows('Hotel not found');
  });

  it('states the item whole again when it is renamed or moved', () => {
    given(hotels, [added])
      .when({ isNew: false, data: { ...hotel, name: 'Atlantis, The Palm' } })
      .then([{ type: 'HotelChanged', data: { ...hotel, name: 'Atlantis, The Palm' } }]);
  });

  it('answers no events when nothing changed', () => {
    given(hotels, [added]).when({ isNew: false, data: hotel }).then([]);
  });

  it('refuses a new item on a taken id', () => {
    given(hotels, [added]).when({ isNew: true, data: hotel }).thenThrows(NotFoundError);
  });

  it('upserts items with natural ids (countries by ISO numeric code)', () => {
    const countries = referenceItemDecider('Country');
    const uae = { id: 784, name: 'United Arab Emirates', code: 'AE' };
    given(countries).when({ isNew: false, upsert: true, data: uae }).then([{ type: 'CountryAdded', data: uae }]);
    given(countries, [{ type: 'CountryAdded', data: uae }]).when({ isNew: false, upsert: true, data: uae }).then([]);
  });

  it('names each kind in its own words and streams without dashes in the category', () => {
    given(referenceItemDecider('TourCategory')).when({ isNew: false, data: { id: 1, name: 'x' } }).thenThrows('Tour category not found');
    expect(referenceItemStream('TourCategory', 2)).toBe('tourcategory-2');
    expect(referenceItemStream('TicketType', 5)).toBe('tickettype-5');
  });
});
