/**
 * Where a customer writes a public review of the business (issue 29). Every review request and
 * every variant of the review page gives this same address to everyone (no "review gating").
 * Plain data, shared by the server and the pages.
 */
import type { BusinessProfile } from "#app/schemas/site-rules.ts";

/** A Google Place ID: letters, digits, "_" and "-" (e.g. "ChIJN1t_tDeuEmsRUsoyG83frY4"). */
export const PLACE_ID = /^[A-Za-z0-9_-]{10,200}$/;

/** Google's "write a review" address for a Place ID. */
export function googleReviewAddress(placeId: string): string {
  return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
}

/**
 * The public review address: built from the Place ID when there is one, else the review page the
 * owner entered, else the page that shows their rating; null when the profile has none (then no
 * review request can be sent, and the admin is told why).
 */
export function publicReviewAddress(profile: Pick<BusinessProfile, "reviewPlaceId" | "reviewWriteLink" | "reviewLink">): string | null {
  const placeId = profile.reviewPlaceId.trim();
  if (PLACE_ID.test(placeId)) return googleReviewAddress(placeId);
  for (const link of [profile.reviewWriteLink.trim(), profile.reviewLink.trim()]) {
    if (link.startsWith("https://")) return link;
  }
  return null;
}
