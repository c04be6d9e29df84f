import { tripAdvisorIdFromUrl } from './tripadvisor-id.pure';

describe('tripAdvisorIdFromUrl', () => {
  it.each([
    ['https://www.tripadvisor.com/Attraction_Review-g295424-d676922-Reviews-Burj_Khalifa-Dubai_Emirate_of_Dubai.html', '676922'],
    ['https://www.tripadvisor.co.uk/Attraction_Review-g295424-d1936354-Reviews-Dubai_Mall.html', '1936354'],
    ['tripadvisor.com/Hotel_Review-g295424-d302726-Reviews', '302726'],
    ['  676922  ', '676922'],
    ['d123-', '123'],
  ])('%s → %s', (url, id) => expect(tripAdvisorIdFromUrl(url)).toBe(id));

  it.each([
    ['https://www.tripadvisor.com/Tourism-g295424-Dubai_Emirate_of_Dubai-Vacations.html'],
    ['https://example.com/abcd123-x'],
    ['https://www.tripadvisor.com/Attraction_Review-g295424-d676922'],
    [''],
  ])('%s → null', (url) => expect(tripAdvisorIdFromUrl(url)).toBeNull());
});
