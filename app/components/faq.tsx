import { RichText } from "#app/components/rich-text.tsx";

/** The owner's questions and answers (texts.faq): each question an h3, each answer a rich text. */
export function Faq({ items, id = "faq-title" }: { items: readonly { title: string; body: string }[]; id?: string }) {
  if (items.length === 0) return null;
  return (
    <section className="page-section faq" aria-labelledby={id}>
      <h2 id={id}>Questions and answers</h2>
      <div className="faq__list">
        {items.map((item) => (
          <div key={item.title} className="faq__item">
            <h3>{item.title}</h3>
            <RichText source={item.body} />
          </div>
        ))}
      </div>
    </section>
  );
}
