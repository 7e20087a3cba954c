import type { Route } from "./+types/terms";
import { LegalPage, useLegalText } from "#app/components/legal-page.tsx";
import { translate } from "#app/i18n/messages.ts";
import { useT } from "#app/i18n/react.ts";
import { localeFrom } from "#app/seo.ts";
import { siteMeta } from "#app/site-profile.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

export const handle = { pageCache: true, hydrate: false, styles: ["legal"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeFrom(matches);
  return siteMeta(matches, (site) => ({
    title: translate(locale, "legal.terms.title"),
    description: translate(locale, "legal.terms.description", { name: site.name, city: site.city }),
    path: "/terms",
  }));
};

export default function Terms() {
  const t = useT();
  const text = useLegalText();
  return (
    <LegalPage title={t("legal.terms.title")} updated="2026-11-22">
      <p>{text("legal.terms.intro")}</p>

      <h2>{t("legal.terms.estimates.title")}</h2>
      <p>{text("legal.terms.estimates.p1")}</p>
      <p>{text("legal.terms.estimates.p2")}</p>

      <h2>{t("legal.terms.accounts.title")}</h2>
      <p>{text("legal.terms.accounts.p1")}</p>

      <h2>{t("legal.terms.content.title")}</h2>
      <p>{text("legal.terms.content.p1")}</p>

      <h2>{t("legal.terms.website.title")}</h2>
      <p>{text("legal.terms.website.p1")}</p>

      <h2>{t("legal.terms.data.title")}</h2>
      <p>{text("legal.terms.data.p1")}</p>

      <h2>{t("legal.terms.changes.title")}</h2>
      <p>{text("legal.terms.changes.p1")}</p>
    </LegalPage>
  );
}
