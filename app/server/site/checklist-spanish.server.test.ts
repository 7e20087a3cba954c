import { describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import { missingSpanish, spanishCheck, type SpanishSources } from "#app/server/site/checklist-spanish.server.ts";

const none: SpanishSources = {
  texts: [],
  profile: defaultProfile,
  testimonials: [],
  projects: { total: 0, items: [] },
  photos: 0,
};

const testimonial = (n: number, quoteEs = "") => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  name: `Customer ${n}`,
  place: n === 1 ? "Katy" : "",
  quoteEs,
});

describe("what the owner wrote without its Spanish (ADR 064)", () => {
  test("a fresh install misses nothing: the built-in slogan has its own Spanish", () => {
    expect(missingSpanish(none)).toEqual([]);
    expect(spanishCheck(none)).toMatchObject({
      status: "done",
      detail: "The site's texts are the built-in ones, which come in Spanish too.",
      missing: [],
      href: null,
    });
  });

  test("each written profile sentence without its Spanish links to its own field on /admin/site", () => {
    const profile = {
      ...defaultProfile,
      slogan: "Houston's tile people.",
      insurance: "Fully insured.",
      warranty: "Two years on labor.",
      financingLabel: "",
      spanish: { warranty: "Dos años de garantía en la mano de obra.", insurance: "   " },
    };
    expect(missingSpanish({ ...none, profile })).toEqual([
      {
        kind: "profile",
        title: "2 profile sentences",
        count: 2,
        items: [
          { label: "Slogan", href: "/admin/site#es-slogan" },
          { label: "Insurance statement", href: "/admin/site#es-insurance" },
        ],
        more: null,
      },
    ]);
  });

  test("testimonials without a Spanish quote link to their edit form's Spanish field; a long list ends with and N more", () => {
    const all = [testimonial(1), testimonial(2, "Excelente."), ...Array.from({ length: 7 }, (_, i) => testimonial(i + 3))];
    const [group] = missingSpanish({ ...none, testimonials: all });
    expect(group).toMatchObject({ kind: "testimonials", title: "8 testimonials", count: 8 });
    expect(group!.items).toHaveLength(5);
    expect(group!.items[0]).toEqual({
      label: "From Customer 1, Katy",
      href: `/admin/site/testimonials?edit=${all[0]!.id}#testimonial-${all[0]!.id}-es`,
    });
    expect(group!.items.map((item) => item.label)).not.toContain("From Customer 2");
    expect(group!.more).toEqual({ count: 3, href: "/admin/site/testimonials", label: "and 3 more testimonials" });
    // Exactly as many as are shown: no "more".
    expect(missingSpanish({ ...none, testimonials: all.slice(0, 6) })[0]!.more).toBeNull();
  });

  test("projects one item each with what they miss, the rest counted; photos as one grouped line", () => {
    const groups = missingSpanish({
      ...none,
      projects: {
        total: 6,
        items: [
          { id: "p1", title: "Katy patio", noTitle: true, noStory: true },
          { id: "p2", title: "Heights fence", noTitle: true, noStory: false },
          { id: "p3", title: "Bellaire bath", noTitle: false, noStory: true },
        ],
      },
      photos: 12,
    });
    expect(groups).toEqual([
      {
        kind: "projects",
        title: "6 published projects",
        count: 6,
        items: [
          { label: "Katy patio: no Spanish title and story", href: "/admin/projects/p1#project-spanish" },
          { label: "Heights fence: no Spanish title", href: "/admin/projects/p2#project-spanish" },
          { label: "Bellaire bath: no Spanish story", href: "/admin/projects/p3#project-spanish" },
        ],
        more: { count: 3, href: "/admin/projects", label: "and 3 more published projects" },
      },
      {
        kind: "photos",
        title: "12 published photos",
        count: 12,
        items: [{ label: "12 photos have no Spanish description", href: "/admin/gallery?spanish=missing" }],
        more: null,
      },
    ]);
    expect(missingSpanish({ ...none, photos: 1 })[0]!.items[0]!.label).toBe("1 photo has no Spanish description");
  });

  test("optional, never to do, counting everything in every kind; done once all is written", () => {
    const sources: SpanishSources = {
      ...none,
      texts: [{ key: "home.intro", label: "Introduction", group: "Home page", isDefault: false, spanish: "" }],
      testimonials: [testimonial(1), testimonial(2)],
      photos: 4,
    };
    const check = spanishCheck(sources);
    expect(check.status).toBe("optional");
    expect(check.detail).toMatch(/^7 things you wrote have no Spanish version yet/);
    expect(check.missing.map((g) => g.kind)).toEqual(["texts", "testimonials", "photos"]);
    expect(
      spanishCheck({
        ...sources,
        texts: [{ ...sources.texts[0]!, spanish: "Hola" }],
        testimonials: [testimonial(1, "Muy bien.")],
        photos: 0,
      }),
    ).toMatchObject({ status: "done", detail: "Everything you wrote has its Spanish version.", missing: [] });
  });
});
