/**
 * The /controls page's autocomplete answers from these sample places instead of a server (the demo pages show
 * sample data only). It behaves like a GET endpoint: reads `search`, answers JSON after a short delay.
 */
export const SAMPLE_PLACES = [
  'Dubai Marina',
  'Downtown Dubai',
  'Palm Jumeirah',
  'Jumeirah Beach Residence',
  'Business Bay',
  'Deira',
  'Bur Dubai',
  'Al Barsha',
  'Dubai Creek Harbour',
  'Dubai Festival City',
  'Jumeirah Lake Towers',
  'Dubai International Financial Centre (DIFC)',
  'Mohammed Bin Rashid City, District One Residences',
  'Dubai Silicon Oasis',
  'Al Quoz Industrial Area',
  'Sheikh Zayed Road',
  'Bluewaters Island',
  'La Mer',
  'City Walk',
  'Al Seef Heritage District and Waterfront Promenade',
  'Hatta Mountain Reserve',
  'Dubai Desert Conservation Reserve (Al Maha)',
  'Abu Dhabi Corniche',
  'Saadiyat Island Cultural District',
  'Yas Island',
  'Sharjah Heritage Area',
  'Ras Al Khaimah, Jebel Jais Mountain Viewing Deck',
  'Fujairah, Al Aqah Beach',
];

export const samplePlacesFetch: typeof fetch = async (input) => {
  const url = new URL(String(input), 'http://local');
  const q = (url.searchParams.get('search') ?? '').toLocaleLowerCase();
  await new Promise((r) => setTimeout(r, 250));
  const body = SAMPLE_PLACES.map((name, i) => ({ id: i + 1, name }))
    .filter((p) => p.name.toLocaleLowerCase().includes(q))
    .slice(0, 12);
  return new Response(JSON.stringify({ IsOk: true, Code: 200, Content: body, ErrorTitle: null, ErrorMessage: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
};
