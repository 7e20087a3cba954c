import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { RichText } from "#app/components/rich-text.tsx";
import { formatReviewDate, localQuote, reviewSource, Testimonials } from "#app/components/testimonials.tsx";
import { Faq } from "#app/components/faq.tsx";
import type { Testimonial } from "#app/schemas/site-rules.ts";

/** Markup of `element` rendered at `path` (its language comes from the address). */
function renderAt(path: string, element: React.ReactNode): string {
  const Stub = createRoutesStub([{ path, Component: () => <>{element}</> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe("RichText", () => {
  it("renders paragraphs, lists, bold, italic and links as elements", () => {
    const html = renderToStaticMarkup(
      <RichText
        source={
          "We build **decks** and *patios*.\n\n- Cedar\n- Composite\n\n1. Call\n2. Visit\n\nSee [our work](/gallery) or [Google](https://g.page/x)."
        }
      />,
    );
    expect(html).toBe(
      "<p>We build <strong>decks</strong> and <em>patios</em>.</p>" +
        "<ul><li>Cedar</li><li>Composite</li></ul>" +
        "<ol><li>Call</li><li>Visit</li></ol>" +
        '<p>See <a href="/gallery">our work</a> or <a href="https://g.page/x" rel="noopener">Google</a>.</p>',
    );
  });

  it("shows HTML the owner typed as text, and drops unsafe link targets", () => {
    const html = renderToStaticMarkup(<RichText source={"<b>hi</b> <script>alert(1)</script> [click](javascript:alert(1))"} />);
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;b&gt;hi&lt;/b&gt;");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("click");
  });

  it("wraps the blocks in a div when given a class", () => {
    expect(renderToStaticMarkup(<RichText source="One." className="hero__lead" />)).toBe('<div class="hero__lead"><p>One.</p></div>');
  });
});

function onSpanishPage(element: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/es/", Component: () => <>{element}</> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/es/"]} />);
}

const testimonial = (changes: Partial<Testimonial> = {}): Testimonial => ({
  id: "t1",
  quote: "They rebuilt our fence after the storm.",
  quoteEs: "",
  name: "Maria G.",
  place: "Heights, Houston",
  service: "fences",
  givenOn: "2026-03-01",
  link: "https://maps.app.goo.gl/abc",
  projectId: null,
  project: null,
  position: 0,
  ...changes,
});

describe("Testimonials", () => {
  it("shows the quote, who, where, the service's name, the date and where it was posted", () => {
    const html = renderToStaticMarkup(<Testimonials testimonials={[testimonial()]} />);
    expect(html).toContain("<blockquote");
    expect(html).toContain("They rebuilt our fence after the storm.");
    expect(html).toContain("Maria G.");
    expect(html).toContain("Heights, Houston");
    expect(html).toContain("Fences · ");
    expect(html).toContain('<time dateTime="2026-03-01">March 2026</time>');
    expect(html).toContain(`href="https://maps.app.goo.gl/abc" rel="noopener">Read on Google`);
    expect(html).not.toMatch(/itemprop|Review/);
  });

  it("leaves out the service and the link when there are none, and renders nothing for no testimonials", () => {
    const html = renderToStaticMarkup(<Testimonials testimonials={[testimonial({ service: null, link: null })]} />);
    expect(html).not.toContain("Fences");
    expect(html).not.toContain("<a ");
    expect(renderToStaticMarkup(<Testimonials testimonials={[]} />)).toBe("");
  });

  it("links to the project a review is about while it is published, and to nothing otherwise", () => {
    const about = testimonial({
      projectId: "p1",
      project: { slug: "heights-fence", title: "Heights fence rebuild", titleEs: "", descriptionEs: "" },
    });
    const html = renderToStaticMarkup(<Testimonials testimonials={[about]} />);
    expect(html).toContain(
      '<a class="testimonial__link testimonial__link--project" href="/projects/heights-fence">See the project: Heights fence rebuild</a>',
    );
    const draft = renderToStaticMarkup(<Testimonials testimonials={[testimonial({ projectId: "p1", project: null })]} />);
    expect(draft).not.toContain("/projects/");
    expect(draft).not.toContain("See the project");
  });

  it('on a Spanish page, shows the Spanish quote when written, else the English one marked lang="en" (ADR 064)', () => {
    const both = testimonial({ quoteEs: "Reconstruyeron nuestra cerca después de la tormenta.\n\nMuy limpios." });
    const spanish = onSpanishPage(<Testimonials testimonials={[both]} />);
    expect(spanish).toContain(
      '<blockquote class="testimonial__quote"><p>Reconstruyeron nuestra cerca después de la tormenta.</p><p>Muy limpios.</p></blockquote>',
    );
    expect(spanish).not.toContain("They rebuilt our fence");
    const englishOnly = onSpanishPage(<Testimonials testimonials={[testimonial({ quoteEs: "  " })]} />);
    expect(englishOnly).toContain(
      '<blockquote class="testimonial__quote" lang="en"><p>They rebuilt our fence after the storm.</p></blockquote>',
    );
    // The English page keeps the English quote, unmarked, even when a Spanish one is written.
    const english = renderToStaticMarkup(<Testimonials testimonials={[both]} />);
    expect(english).toContain('<blockquote class="testimonial__quote"><p>They rebuilt our fence after the storm.</p></blockquote>');
    expect(localQuote("es", both)).toEqual({ text: both.quoteEs });
    expect(localQuote("es", { quote: "Great.", quoteEs: "" })).toEqual({ text: "Great.", lang: "en" });
    expect(localQuote("en", both)).toEqual({ text: both.quote });
  });

  it("on a Spanish page, links to the project's Spanish page with its Spanish title once it has one, else to the English page", () => {
    const project = { slug: "heights-fence", title: "Heights fence rebuild", titleEs: "Cerca nueva en the Heights", descriptionEs: "" };
    const onlyTitle = renderAt("/es/", <Testimonials testimonials={[testimonial({ projectId: "p1", project })]} />);
    expect(onlyTitle).toContain('href="/projects/heights-fence" hrefLang="en">Ver el proyecto: Cerca nueva en the Heights</a>');
    const both = renderAt(
      "/es/",
      <Testimonials testimonials={[testimonial({ projectId: "p1", project: { ...project, descriptionEs: "Una cerca." } })]} />,
    );
    expect(both).toContain('href="/es/proyectos/heights-fence">Ver el proyecto: Cerca nueva en the Heights</a>');
    const none = renderAt("/es/", <Testimonials testimonials={[testimonial({ projectId: "p1", project: { ...project, titleEs: "" } })]} />);
    expect(none).toContain(
      'href="/projects/heights-fence" hrefLang="en">Ver el proyecto: <span lang="en">Heights fence rebuild</span></a>',
    );
  });

  it("dates a review by Houston's calendar, whatever the server's time zone", () => {
    expect(formatReviewDate("2026-01-01")).toBe("January 2026");
    expect(formatReviewDate("2025-12-31")).toBe("December 2025");
  });

  it("names where a review was posted from its link", () => {
    expect(reviewSource("https://www.google.com/maps/place/x")).toBe("Read on Google");
    expect(reviewSource("https://www.yelp.com/biz/x")).toBe("Read on Yelp");
    expect(reviewSource("https://nextdoor.com/pages/x")).toBe("Read on Nextdoor");
    // Any other site by its address: a review always says where it came from.
    expect(reviewSource("https://www.houzz-like.example/review")).toBe("Read on houzz-like.example");
    expect(reviewSource("not a url")).toBe("Read the review");
  });
});

describe("Faq", () => {
  it("gives each question an h3 and its answer as rich text", () => {
    const html = renderToStaticMarkup(<Faq items={[{ title: "Is it free?", body: "Yes, **always**." }]} />);
    expect(html).toContain("<h3>Is it free?</h3><p>Yes, <strong>always</strong>.</p>");
    expect(renderToStaticMarkup(<Faq items={[]} />)).toBe("");
  });
});
