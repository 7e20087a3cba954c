import { useSiteProfile } from "#app/site-profile.ts";
import { usePageT } from "#app/components/lang-text.tsx";

/**
 * The cities (and ZIP codes, when the owner listed them) the business works in, from the profile.
 * `compact`: the same names as one running line (the home page, where the hero already names the place).
 */
export function ServiceArea({
  id = "service-area-title",
  headingLevel = 2,
  compact = false,
}: {
  id?: string;
  headingLevel?: 2 | 3;
  compact?: boolean;
}) {
  const profile = useSiteProfile();
  const t = usePageT();
  if (profile.serviceCities.length === 0 && profile.serviceZips.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={compact ? "service-area service-area--compact" : "service-area"} aria-labelledby={id}>
      <Heading id={id} className="service-area__title">
        {t("pages.area.title")}
      </Heading>
      <p className="service-area__intro">{t("pages.area.intro")}</p>
      {profile.serviceCities.length > 0 ? (
        <ul className="service-area__cities">
          {profile.serviceCities.map((city) => (
            <li key={city}>{city}</li>
          ))}
        </ul>
      ) : null}
      {profile.serviceZips.length > 0 ? (
        <p className="service-area__zips">
          <span className="service-area__zips-label">{t("pages.area.zips")}</span> {profile.serviceZips.join(", ")}
        </p>
      ) : null}
    </section>
  );
}
