import { tagged } from "#app/components/tagged-text.tsx";
import { translate } from "#app/i18n/messages.ts";
import { localePath } from "#app/i18n/paths.ts";

/** The notice's link: the Spanish home page. */
const homeLink = (chunk: string) => (
  <a href={localePath("es", "/")} hrefLang="es">
    {chunk}
  </a>
);

/**
 * "¿Prefiere español?": the notice at the top of the English home page, always in Spanish, hidden
 * unless the browser's first language is Spanish (app/browser/spanish-offer.ts shows it before
 * the first paint). Hidden, it takes no space and is not read out.
 */
export function SpanishOffer() {
  return (
    <aside className="spanish-offer" lang="es" aria-label={translate("es", "legal.offer.label")}>
      <p className="spanish-offer__text">{tagged(translate("es", "legal.offer.text"), { link: homeLink })}</p>
      <button type="button" className="spanish-offer__dismiss" data-spanish-offer-dismiss="">
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{translate("es", "legal.offer.dismiss")}</span>
      </button>
    </aside>
  );
}
