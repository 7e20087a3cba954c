/**
 * The consent to sign electronically that a homeowner reads before signing a quote, shown to the
 * contractor as it reads in both languages, with where its points come from (the federal ESIGN
 * Act, 15 U.S.C. §7001(c)(1)) and that it is a starting point for their attorney: the software
 * gives no legal advice. Its words live in the quote page's catalog (app/i18n/catalog/{en,es}/quote.ts).
 */
import { translator } from "#app/i18n/messages.ts";
import type { Locale } from "#app/i18n/locale.ts";

type ConsentWords = Record<Locale, string[]>;

/** The consent's paragraphs in each language, with the business's own name, phone and email. */
export function esignConsentWords(profile: { name: string; phone: string; publicEmail: string }): ConsentWords {
  const words = (locale: Locale) => {
    const t = translator(locale);
    const who = { name: profile.name, phone: profile.phone, email: profile.publicEmail };
    return [
      t("quote.sign.consentIntro"),
      profile.publicEmail ? t("quote.sign.consentPaper", who) : t("quote.sign.consentPaperNoEmail", who),
      t("quote.sign.consentWithdraw"),
      t("quote.sign.consentScope"),
      t("quote.sign.consentSystems"),
      t("quote.sign.consentEmail"),
      t("quote.sign.consentCheckbox"),
    ];
  };
  return { en: words("en"), es: words("es") };
}

export function EsignConsent({ consent }: { consent: ConsentWords }) {
  return (
    <section className="admin-section" aria-labelledby="esign-consent">
      <h2 id="esign-consent">Consent to sign electronically</h2>
      <p>
        Before a homeowner signs a quote online, the quote page shows these points, which the federal ESIGN Act (15 U.S.C. §7001(c)(1)) asks
        a business to tell a consumer before electronic records replace paper, and the homeowner ticks the last line. They are a starting
        point to be reviewed by your attorney; this software gives no legal advice. To change them, ask whoever maintains your site.
      </p>
      {(["en", "es"] as const).map((locale) => (
        <div key={locale} className="admin-card" lang={locale}>
          <h3 lang="en">{locale === "en" ? "In English" : "In Spanish"}</h3>
          {consent[locale].map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ))}
    </section>
  );
}
