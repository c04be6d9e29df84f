/**
 * The TripAdvisor location id in a pasted URL (spec 01 §5): the number after 'd' and before a
 * dash, e.g. https://www.tripadvisor.com/Attraction_Review-g295424-d676922-Reviews-Burj_Khalifa-Dubai.html → '676922'.
 * A bare number is taken as the id itself. Anything else gives null.
 */
export function tripAdvisorIdFromUrl(url: string): string | null {
  const text = url.trim();
  if (/^\d+$/.test(text)) return text;
  const m = /(?:^|[^A-Za-z0-9])d(\d+)-/.exec(text);
  return m?.[1] ?? null;
}
