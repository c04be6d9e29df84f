import { hotelShown } from './hotel-shown';

describe('hotelShown', () => {
  it("names the guest's own hotel first, then the list's, and says 'No Hotel' in the reader's language", () => {
    expect(hotelShown({ customHotelName: 'Villa 12', hotelName: 'Atlantis' }, 'Без отеля')).toBe('Villa 12');
    expect(hotelShown({ customHotelName: '', hotelName: 'Atlantis' }, 'Без отеля')).toBe('Atlantis');
    expect(hotelShown({ customHotelName: 'No Hotel', hotelName: '' }, 'Без отеля')).toBe('Без отеля');
    expect(hotelShown({ customHotelName: null, hotelName: null }, 'Без отеля')).toBe('');
  });
});
