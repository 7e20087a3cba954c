/**
 * The hero's one-line promise: the free written estimate the whole site offers, and the place,
 * named only from what the profile holds (its city and the service area the owner listed). No
 * years, licence or rating here: those show in the trust row, and only when entered (ADR 056).
 */

/** Up to this many other places are named; more are counted, so the line stays one line on a laptop. */
const NAMED_PLACES = 2;

export function homePromise({ city, serviceCities }: { city: string; serviceCities: readonly string[] }): string {
  const home = city.trim();
  // The area as the owner ordered it, each place once, the business's own city apart.
  const others = [...new Set(serviceCities.map((place) => place.trim()).filter((place) => place && place !== home))];
  if (!home)
    return others.length > 0 ? `Free written estimates across ${list(others.slice(0, NAMED_PLACES + 1))}` : "Free written estimates";
  if (others.length === 0) return `Free written estimates across ${home}`;
  if (others.length <= NAMED_PLACES) return `Free written estimates across ${list([home, ...others])}`;
  return `Free written estimates across ${home} and ${others.length} nearby communities`;
}

/** "A", "A and B", "A, B and C". */
function list(places: readonly string[]): string {
  return places.length <= 1 ? (places[0] ?? "") : `${places.slice(0, -1).join(", ")} and ${places.at(-1)}`;
}
