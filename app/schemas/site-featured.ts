/**
 * The profile form's "Services on the home page" (ADR 060): a place number per service, empty to
 * leave it off; read into `BusinessProfile.featuredServices` by ProfileFormSchema (site.ts).
 */
import { z } from "zod";
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";

/** A service's place on the home page: a whole number from 1, or "" for a service not featured. */
export const featuredPlace = z
  .string()
  .trim()
  .optional()
  .default("")
  .refine((value) => value === "" || (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= serviceSlugs.length), {
    error: `Please enter a number from 1 to ${serviceSlugs.length}, or leave it empty to keep this service off the home page.`,
  });

export const featuredFields = Object.fromEntries(serviceSlugs.map((slug) => [`featured_${slug}`, featuredPlace])) as Record<
  `featured_${ServiceSlug}`,
  typeof featuredPlace
>;

/**
 * The services in the order their places say (1 first); equal places keep the site's order of
 * services, and an empty place leaves a service out (ADR 060). `places` maps a slug to what was typed.
 */
export function featuredOrder(places: (slug: ServiceSlug) => string): ServiceSlug[] {
  return serviceSlugs
    .filter((slug) => places(slug) !== "")
    .toSorted((a, b) => Number(places(a)) - Number(places(b)) || serviceSlugs.indexOf(a) - serviceSlugs.indexOf(b));
}

/** The featured services the form's values give, or a problem: at least one must have a place. */
export function featuredProblems(values: Record<string, unknown>): [string, string][] {
  const none = featuredOrder((slug) => String(values[`featured_${slug}`] ?? "")).length === 0;
  return none ? [["featured", "Please give at least one service a place, so the home page shows it."]] : [];
}

/** The form's place fields for an order: "1" for the first service, "" for one left off. */
export function featuredToFields(featured: readonly ServiceSlug[]): Record<string, string> {
  return Object.fromEntries(
    serviceSlugs.map((slug) => [`featured_${slug}`, featured.includes(slug) ? String(featured.indexOf(slug) + 1) : ""]),
  );
}
