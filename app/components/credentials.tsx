import type { BusinessProfile } from "#app/schemas/site-rules.ts";

type CredentialFacts = Pick<BusinessProfile, "licences" | "insurance" | "warranty">;

/** "Our licences, insurance and warranty", naming only what is shown. */
export function credentialsTitle({ licences, insurance, warranty }: CredentialFacts): string {
  const parts = [
    licences.length > 1 ? "licences" : licences.length === 1 ? "licence" : null,
    insurance ? "insurance" : null,
    warranty ? "warranty" : null,
  ].filter((part): part is string => part !== null);
  const words = parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `Our ${words}`;
}

/**
 * The licences (what each is and its number), the insurance and the warranty in the owner's own
 * words: the full version of the trust row's short items, which link here (#credentials).
 * Nothing when none was entered (ADR 056).
 */
export function Credentials({ profile }: { profile: CredentialFacts }) {
  const { licences, insurance, warranty } = profile;
  if (licences.length === 0 && !insurance && !warranty) return null;
  return (
    <section id="credentials" className="page-section credentials" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{credentialsTitle(profile)}</h2>
      <dl className="credentials__list">
        {licences.length > 0 ? (
          <div className="credentials__item">
            <dt>Licensed</dt>
            <dd>
              <ul className="credentials__licences">
                {licences.map((licence, i) => (
                  <li key={i}>
                    {licence.label}
                    {licence.number ? (
                      <>
                        : <span className="credentials__number">{licence.number}</span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {insurance ? (
          <div className="credentials__item">
            <dt>Insured</dt>
            <dd>{insurance}</dd>
          </div>
        ) : null}
        {warranty ? (
          <div className="credentials__item">
            <dt>Warranty</dt>
            <dd>{warranty}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
