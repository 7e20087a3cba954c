import { FieldError, FormField } from "#app/components/form-field.tsx";
import { serviceNames } from "#app/content/service-names.ts";
import { featuredOrder } from "#app/schemas/site.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import type { SiteField } from "#app/components/admin/site-form-values.ts";

/**
 * Which services the home page's cards and /services' tiles feature, and in what order: a place
 * number per service, empty to leave it out (ADR 060). Numbers, not dragging: it works on a phone
 * and without JavaScript. The services are listed in their current order, the others after them.
 */
export function FeaturedFields({ field, value, error }: { field: SiteField; value: (name: string) => string; error?: string }) {
  const featured = featuredOrder((slug) => value(`featured_${slug}`));
  const rest = serviceSlugs.filter((slug) => !featured.includes(slug));
  const errorId = error ? "featured-error" : undefined;
  return (
    <fieldset className="site-fieldset" aria-describedby={["featured-help", errorId].filter(Boolean).join(" ")}>
      <legend>Services on the home page</legend>
      <p className="admin-help" id="featured-help">
        Number the services the home page shows as cards, 1 first; leave a service empty to keep it off. The estimate form lists them first
        too. Every service keeps its own page.
      </p>
      <FieldError id={errorId} error={error} />
      <div className="site-featured">
        {[...featured, ...rest].map((slug) => (
          <FormField
            key={slug}
            {...field(`featured_${slug}`)}
            className="site-field site-field--place"
            label={serviceNames[slug]}
            type="number"
            inputMode="numeric"
            min={1}
            max={serviceSlugs.length}
            step={1}
          />
        ))}
      </div>
    </fieldset>
  );
}
