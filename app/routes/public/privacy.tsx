import type { Route } from "./+types/privacy";
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
    title: translate(locale, "legal.privacy.title"),
    description: translate(locale, "legal.privacy.description", { name: site.name }),
    path: "/privacy",
  }));
};

export default function Privacy() {
  const t = useT();
  const text = useLegalText();
  return (
    <LegalPage title={t("legal.privacy.title")} updated="2026-11-22">
      <p>{text("legal.privacy.intro")}</p>

      <h2>{t("legal.privacy.collect.title")}</h2>
      <ul>
        <li>{text("legal.privacy.collect.requests")}</li>
        <li>{text("legal.privacy.collect.accounts")}</li>
        <li>{text("legal.privacy.collect.browsers")}</li>
        <li>{text("legal.privacy.collect.abuse")}</li>
      </ul>

      <h2>{t("legal.privacy.why.title")}</h2>
      <p>{text("legal.privacy.why.p1")}</p>

      <h2>{t("legal.privacy.who.title")}</h2>
      <p>{text("legal.privacy.who.p1")}</p>

      <h2>{t("legal.privacy.keep.title")}</h2>
      <ul>
        <li>{text("legal.privacy.keep.requests")}</li>
        <li>{text("legal.privacy.keep.accounts")}</li>
        <li>{text("legal.privacy.keep.browsers")}</li>
        <li>{text("legal.privacy.keep.signIns")}</li>
      </ul>

      <h2>{t("legal.privacy.choices.title")}</h2>
      <p>{text("legal.privacy.choices.p1")}</p>

      <h2>{t("legal.privacy.cookies.title")}</h2>
      <p>{text("legal.privacy.cookies.p1")}</p>

      <h2>{t("legal.privacy.security.title")}</h2>
      <p>{text("legal.privacy.security.p1")}</p>

      <h2>{t("legal.privacy.changes.title")}</h2>
      <p>{text("legal.privacy.changes.p1")}</p>
    </LegalPage>
  );
}
