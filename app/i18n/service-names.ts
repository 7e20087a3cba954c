import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { serviceNames } from "#app/content/service-names.ts";
import { SOMETHING_ELSE } from "#app/schemas/estimate-rules.ts";

/** The catalog key of a service's name; "Something else" for anything that is not a service. */
export function serviceNameKey(slug: string | null | undefined): `service.name.${ServiceSlug}` | "service.name.other" {
  return slug && (serviceSlugs as readonly string[]).includes(slug) ? `service.name.${slug as ServiceSlug}` : "service.name.other";
}

/** A service's name in `locale`, or null when the slug names no service. */
export function localServiceName(locale: Locale, slug: string | null | undefined): string | null {
  return slug && (serviceSlugs as readonly string[]).includes(slug) ? translate(locale, serviceNameKey(slug)) : null;
}

/**
 * What the form posted for "What do you need?" (the English name of a service, or "Something
 * else", kept English for the contractor) in `locale`: the service's name in that language, and
 * any other words as the homeowner typed them.
 */
export function localSubject(locale: Locale, subject: string): string {
  if (locale === "en") return subject;
  if (subject === SOMETHING_ELSE) return translate(locale, "service.name.other");
  const slug = serviceSlugs.find((candidate) => serviceNames[candidate] === subject);
  return slug ? translate(locale, serviceNameKey(slug)) : subject;
}
