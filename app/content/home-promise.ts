/**
 * The hero's one-line promise: the free written estimate the whole site offers, and the place,
 * named only from what the profile holds (its city and the service area the owner listed). No
 * years, licence or rating here: those show in the trust row, and only when entered (ADR 056).
 */
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";

/** Up to this many other places are named; more are counted, so the line stays one line on a laptop. */
const NAMED_PLACES = 2;

export function homePromise({ city, serviceCities }: { city: string; serviceCities: readonly string[] }, locale: Locale = "en"): string {
  const t = translator(locale);
  const list = (places: readonly string[]) => joinPlaces(places, t("pages.and"));
  const home = city.trim();
  // The area as the owner ordered it, each place once, the business's own city apart.
  const others = [...new Set(serviceCities.map((place) => place.trim()).filter((place) => place && place !== home))];
  if (!home)
    return others.length > 0 ? t("pages.promise.across", { places: list(others.slice(0, NAMED_PLACES + 1)) }) : t("pages.promise.plain");
  if (others.length === 0) return t("pages.promise.across", { places: home });
  if (others.length <= NAMED_PLACES) return t("pages.promise.across", { places: list([home, ...others]) });
  return t("pages.promise.nearby", { city: home, count: others.length });
}

/** "A", "A and B", "A, B and C" ("A, B y C"). */
function joinPlaces(places: readonly string[], and: string): string {
  return places.length <= 1 ? (places[0] ?? "") : `${places.slice(0, -1).join(", ")} ${and} ${places.at(-1)}`;
}
