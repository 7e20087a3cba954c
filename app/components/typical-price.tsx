import type { PriceRange } from "#app/schemas/site-rules.ts";
import { LangText, usePageT } from "#app/components/lang-text.tsx";
import type { Locale } from "#app/i18n/locale.ts";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** "$8,000 – $15,000" */
export function formatPriceRange({ from, to }: PriceRange): string {
  return from === to ? dollars.format(from) : `${dollars.format(from)} – ${dollars.format(to)}`;
}

/**
 * What most of a service's jobs cost, as the owner entered it (ADR 061), never as a quote: the
 * words say the home decides and the written estimate gives the real price. Nothing when not entered.
 */
export function TypicalPrice({ range }: { range: PriceRange | undefined }) {
  const t = usePageT();
  if (!range) return null;
  return (
    <div className="typical-price">
      <p className="typical-price__figure">
        <span className="typical-price__label">{t("pages.price.label")}</span>{" "}
        <span className="typical-price__range">{formatPriceRange(range)}</span>
      </p>
      <p className="typical-price__note">{t("pages.price.note")}</p>
    </div>
  );
}

/**
 * The lender's own page, under the owner's short label: never a monthly amount or a rate, which
 * would oblige the site to state the full credit terms (Truth in Lending; ADR 061).
 */
export function FinancingLink({ href, label, lang = "en" }: { href: string; label: string; lang?: Locale | null }) {
  const t = usePageT();
  if (!href || !label) return null;
  return (
    <p className="financing">
      {t("pages.financing.question")}{" "}
      <a href={href} rel="noopener">
        <LangText lang={lang}>{label}</LangText>
      </a>
      <span className="financing__note">{t("pages.financing.note")}</span>
    </p>
  );
}
