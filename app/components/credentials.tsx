import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import { LangText, OwnLine, usePageLocale } from "#app/components/lang-text.tsx";
import type { Locale } from "#app/i18n/locale.ts";
import { translator } from "#app/i18n/messages.ts";
import { ownLine } from "#app/i18n/site-texts.ts";
import type { SpanishProfile } from "#app/schemas/site-spanish.ts";

type CredentialFacts = Pick<BusinessProfile, "licences" | "insurance" | "warranty"> & { spanish?: SpanishProfile };

/** "Our licences, insurance and warranty", naming only what is shown. */
export function credentialsTitle({ licences, insurance, warranty }: CredentialFacts, locale: Locale = "en"): string {
  const t = translator(locale);
  const parts = [
    licences.length > 1 ? t("pages.credentials.licences") : licences.length === 1 ? t("pages.credentials.licence") : null,
    insurance ? t("pages.credentials.insurance") : null,
    warranty ? t("pages.credentials.warranty") : null,
  ].filter((part): part is string => part !== null);
  const words = parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} ${t("pages.and")} ${parts.at(-1)}`;
  return t("pages.credentials.title", { words });
}

/**
 * The licences (what each is and its number), the insurance and the warranty in the owner's own
 * words: the full version of the trust row's short items, which link here (#credentials).
 * Nothing when none was entered (ADR 056).
 */
export function Credentials({ profile }: { profile: CredentialFacts }) {
  const { licences, insurance, warranty } = profile;
  const locale = usePageLocale();
  const t = translator(locale);
  if (licences.length === 0 && !insurance && !warranty) return null;
  return (
    <section id="credentials" className="page-section credentials" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{credentialsTitle(profile, locale)}</h2>
      <dl className="credentials__list">
        {licences.length > 0 ? (
          <div className="credentials__item">
            <dt>{t("pages.credentials.licensed")}</dt>
            <dd>
              <ul className="credentials__licences">
                {licences.map((licence, i) => (
                  <li key={i}>
                    <LangText lang="en">{licence.label}</LangText>
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
            <dt>{t("pages.credentials.insured")}</dt>
            <dd>
              <OwnLine line={ownLine(locale, profile, "insurance")} />
            </dd>
          </div>
        ) : null}
        {warranty ? (
          <div className="credentials__item">
            <dt>{t("pages.credentials.warrantyTerm")}</dt>
            <dd>
              <OwnLine line={ownLine(locale, profile, "warranty")} />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
