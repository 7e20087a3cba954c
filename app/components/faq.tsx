import { RichText } from "#app/components/rich-text.tsx";
import { LangText, usePageT } from "#app/components/lang-text.tsx";
import type { Locale } from "#app/i18n/locale.ts";

/** The owner's questions and answers (texts.faq): each question an h3, each answer a rich text. */
/** `lang`: the whole list's language when the owner wrote it; an item's `lang`, its answer's (their permits sentence). */
export function Faq({
  items,
  id = "faq-title",
  lang,
}: {
  items: readonly { title: string; body: string; lang?: Locale }[];
  id?: string;
  lang?: Locale;
}) {
  const t = usePageT();
  if (items.length === 0) return null;
  return (
    <section className="page-section faq" aria-labelledby={id}>
      <h2 id={id}>{t("pages.faq.title")}</h2>
      <div className="faq__list">
        {items.map((item) => (
          <div key={item.title} className="faq__item">
            <h3>
              <LangText lang={lang}>{item.title}</LangText>
            </h3>
            <RichText source={item.body} lang={item.lang ?? lang} />
          </div>
        ))}
      </div>
    </section>
  );
}
