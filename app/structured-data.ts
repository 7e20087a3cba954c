import { weekdays, type Weekday } from "#app/schemas/site-rules.ts";
import type { PublicProfile } from "#app/site-profile.ts";
import { defaultArtwork } from "#app/content/company.ts";
import { services } from "#app/content/services.ts";

const schemaDays: Record<Weekday, string> = {
  mon: "https://schema.org/Monday",
  tue: "https://schema.org/Tuesday",
  wed: "https://schema.org/Wednesday",
  thu: "https://schema.org/Thursday",
  fri: "https://schema.org/Friday",
  sat: "https://schema.org/Saturday",
  sun: "https://schema.org/Sunday",
};

interface BusinessJsonLdInput {
  publicUrl: string;
  profile: PublicProfile;
  /** The chosen hero photo's address (its JPEG master), else the drawing is named. */
  heroImageUrl?: string | null;
}

/**
 * schema.org HomeAndConstructionBusiness for the home page, built from the business profile.
 * Deliberately without AggregateRating or Review: search engines ignore (and may penalise) a
 * business's own reviews of itself; the testimonials are shown to people, not marked up.
 */
export function businessJsonLd({ publicUrl, profile, heroImageUrl }: BusinessJsonLdInput) {
  const absolute = (path: string) => new URL(path, publicUrl + "/").href;
  const openDays = weekdays.filter((day) => profile.hours[day] !== null);
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${publicUrl}/#business`,
    name: profile.name,
    ...(profile.slogan ? { slogan: profile.slogan } : {}),
    description: `Home repair and remodeling in ${profile.city}, ${profile.region}${profile.experienceClaim ? ` with ${profile.experienceClaim}` : ""}.`,
    url: `${publicUrl}/`,
    telephone: profile.phoneE164,
    ...(profile.publicEmail ? { email: profile.publicEmail } : {}),
    image: heroImageUrl ? absolute(heroImageUrl) : absolute(defaultArtwork.hero.src),
    logo: absolute("/images/logo.svg"),
    address: {
      "@type": "PostalAddress",
      ...(profile.street ? { streetAddress: profile.street } : {}),
      addressLocality: profile.city,
      addressRegion: profile.region,
      ...(profile.postalCode ? { postalCode: profile.postalCode } : {}),
      addressCountry: "US",
    },
    areaServed: profile.serviceCities.map((name) => ({ "@type": "City", name })),
    ...(openDays.length > 0
      ? {
          openingHoursSpecification: openDays.map((day) => {
            const hours = profile.hours[day];
            return {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: schemaDays[day],
              opens: hours?.open,
              closes: hours?.close,
            };
          }),
        }
      : {}),
    ...(profile.profileLinks.length > 0 ? { sameAs: profile.profileLinks.map((link) => link.href) } : {}),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Remodeling services",
      itemListElement: services.map((service) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name: service.title, url: `${publicUrl}/${service.slug}` },
      })),
    },
  };
}
