import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";

/** The catalog key of a service's name; "Something else" for anything that is not a service. */
export function serviceNameKey(slug: string | null | undefined): `service.name.${ServiceSlug}` | "service.name.other" {
  return slug && (serviceSlugs as readonly string[]).includes(slug) ? `service.name.${slug as ServiceSlug}` : "service.name.other";
}

/** A service's name in `locale`, or null when the slug names no service. */
export function localServiceName(locale: Locale, slug: string | null | undefined): string | null {
  return slug && (serviceSlugs as readonly string[]).includes(slug) ? translate(locale, serviceNameKey(slug)) : null;
}
