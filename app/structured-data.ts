import { company } from "./content/company.ts";
import { services } from "./content/services.ts";

/** schema.org HomeAndConstructionBusiness for the home page, built from the content data. */
export function businessJsonLd(publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${publicUrl}/#business`,
    name: company.name,
    slogan: company.slogan,
    description: `Home repair and remodeling in ${company.address.locality}, ${company.address.region} with ${company.experienceClaim}.`,
    url: `${publicUrl}/`,
    telephone: company.phone.e164,
    email: company.email,
    image: new URL(company.heroImage.src, publicUrl + "/").href,
    logo: new URL("/images/logo.svg", publicUrl + "/").href,
    address: {
      "@type": "PostalAddress",
      addressLocality: company.address.locality,
      addressRegion: company.address.region,
      addressCountry: company.address.country,
    },
    areaServed: company.areaServed.map((name) => ({ "@type": "City", name })),
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
