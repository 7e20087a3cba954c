import { useSiteProfile } from "#app/site-profile.ts";

/**
 * What makes the business safe to hire, from the profile: years in business, licences, insurance
 * and warranty. Only what the owner filled in shows; nothing at all when every line is empty.
 */
export function TrustStrip({ id = "trust-title" }: { id?: string }) {
  const profile = useSiteProfile();
  const items: { key: string; title: string; text: string }[] = [];
  if (profile.yearsInBusiness !== null && profile.yearsInBusiness > 0) {
    items.push({
      key: "years",
      title: profile.yearsInBusiness === 1 ? "1 year in business" : `${profile.yearsInBusiness} years in business`,
      text: `Serving ${profile.city} and the surrounding area.`,
    });
  }
  profile.licences.forEach((licence, i) => {
    items.push({ key: `licence-${i}`, title: licence.label || "Licence", text: licence.number });
  });
  if (profile.insurance) items.push({ key: "insurance", title: "Insured", text: profile.insurance });
  if (profile.warranty) items.push({ key: "warranty", title: "Warranty", text: profile.warranty });
  if (items.length === 0) return null;
  return (
    <section className="trust" aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        Why homeowners trust us
      </h2>
      <ul className="trust__list">
        {items.map((item) => (
          <li key={item.key} className="trust__item">
            <span className="trust__title">{item.title}</span> <span className="trust__text">{item.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
