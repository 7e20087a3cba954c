import type { Route } from "./+types/cookies";
import { LegalPage, useLegalText } from "#app/components/legal-page.tsx";
import { translate } from "#app/i18n/messages.ts";
import { useT } from "#app/i18n/react.ts";
import { localeFrom } from "#app/seo.ts";
import { siteMeta } from "#app/site-profile.ts";
import type { StyleGroup } from "#app/styles/groups.ts";

export const handle = { pageCache: true, hydrate: false, styles: ["legal", "tables"] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeFrom(matches);
  return siteMeta(matches, (site) => ({
    title: translate(locale, "legal.cookies.title"),
    description: translate(locale, "legal.cookies.description", { name: site.name }),
    path: "/cookies",
  }));
};

export default function Cookies() {
  const t = useT();
  const text = useLegalText();
  return (
    <LegalPage title={t("legal.cookies.title")} updated="2026-11-22">
      <p>{text("legal.cookies.intro")}</p>

      <h2>{t("legal.cookies.used.title")}</h2>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{t("legal.cookies.table.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("legal.cookies.table.name")}</th>
              <th scope="col">{t("legal.cookies.table.purpose")}</th>
              <th scope="col">{t("legal.cookies.table.duration")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>session</code>
              </td>
              <td>{t("legal.cookies.session.purpose")}</td>
              <td>{t("legal.cookies.session.duration")}</td>
            </tr>
            <tr>
              <td>
                <code>oidc</code>
              </td>
              <td>{t("legal.cookies.oidc.purpose")}</td>
              <td>{t("legal.cookies.oidc.duration")}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>{text("legal.cookies.prefix")}</p>

      <h2>{t("legal.cookies.unused.title")}</h2>
      <p>{text("legal.cookies.unused.p1")}</p>

      <h2>{t("legal.cookies.remove.title")}</h2>
      <p>{text("legal.cookies.remove.p1")}</p>

      <h2>{t("legal.cookies.questions.title")}</h2>
      <p>{text("legal.cookies.questions.p1")}</p>
    </LegalPage>
  );
}
