import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { BeforeAfter, beforeAfterSizes } from "#app/components/before-after.tsx";
import { BEFORE_AFTER_SCRIPT } from "#app/browser/before-after.ts";
import { NonceContext } from "#app/nonce.tsx";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";

const photo = (id: string, changes: Partial<GalleryPhoto> & Pick<GalleryPhoto, "width" | "height" | "alt">): GalleryPhoto => ({
  id,
  caption: "",
  captionEs: "",
  altEs: "",
  category: "kitchen",
  placeholder: `data:image/webp;base64,${id}`,
  avif: [{ url: `/media/photos/${id}/v1/display-640.avif`, width: 640, height: 480 }],
  webp: [
    { url: `/media/photos/${id}/v1/display-640.webp`, width: 640, height: 480 },
    { url: `/media/photos/${id}/v1/display-1280.webp`, width: 1280, height: 960 },
  ],
  large: { url: `/media/photos/${id}/v1/display-1280.webp`, width: 1280, height: 960 },
  master: { url: `/media/photos/${id}/v1/master.jpg`, width: 1600, height: 1200 },
  ...changes,
});

const before = photo("b1", { width: 1600, height: 1200, alt: "Old kitchen with dark oak cabinets" });
const after = photo("a1", {
  width: 1500,
  height: 1000,
  alt: "New kitchen with white shaker cabinets",
  caption: "White kitchen",
});

const render = (element: React.ReactElement, nonce = "") =>
  renderToStaticMarkup(<NonceContext.Provider value={nonce}>{element}</NonceContext.Provider>);

/** The opening tag of the one element matching `pattern`. */
function tag(html: string, pattern: RegExp): string {
  const found = html.match(pattern);
  expect(found, `no tag matching ${pattern}`).not.toBeNull();
  return found?.[0] ?? "";
}

describe("BeforeAfter", () => {
  const html = render(<BeforeAfter before={before} after={after} caption="Kitchen in Meyerland" />);

  it("is a native range from 0 to 100 starting at the middle, saying what it shows", () => {
    const range = tag(html, /<input[^>]*type="range"[^>]*>/);
    expect(range).toContain('min="0"');
    expect(range).toContain('max="100"');
    expect(range).toContain('step="1"');
    expect(range).toContain('value="50"');
    expect(range).toContain('aria-valuetext="50% after"');
    expect(range).toContain('data-valuetext="{percent}% after"');
    expect(range).toMatch(/autocomplete="off"/i);
  });

  it("names the range with a label: 'Before and after:' and the caption", () => {
    const id = tag(html, /<input[^>]*>/).match(/id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label class="visually-hidden" for="${id}">Before and after: Kitchen in Meyerland</label>`);
  });

  it("shows both photos with their own alt text, width and height, and a visible label each", () => {
    const beforeImg = tag(html, /<img class="before-after__img"[^>]*alt="Old kitchen[^>]*>/);
    expect(beforeImg).toContain('width="1600"');
    expect(beforeImg).toContain('height="1200"');
    const afterImg = tag(html, /<img class="before-after__img"[^>]*alt="New kitchen[^>]*>/);
    expect(afterImg).toContain('width="1500"');
    expect(afterImg).toContain('height="1000"');
    // Before first, then after, each photo followed by its label inside its own pane.
    expect(html).toMatch(
      /before-after__pane--before.*Old kitchen.*<span class="before-after__label">Before<\/span>.*before-after__pane--after.*New kitchen.*<span class="before-after__label">After<\/span>/s,
    );
    // Both photos' files as AVIF and WebP at each width.
    expect(html).toContain('srcSet="/media/photos/b1/v1/display-640.webp 640w, /media/photos/b1/v1/display-1280.webp 1280w"');
    expect(html).toContain('srcSet="/media/photos/a1/v1/display-640.avif 640w"');
    // The placeholders are decoration.
    expect(html.match(/<img class="before-after__placeholder"[^>]*alt="" aria-hidden="true"/g)).toHaveLength(2);
  });

  it("marks the after photo's pane for the script, which reads its shape", () => {
    expect(html).toMatch(/<div class="before-after__pane before-after__pane--after" data-before-after-after="">/);
  });

  it("puts the caption in the figcaption, as a heading when asked", () => {
    expect(html).toContain('<figcaption class="before-after__caption">Kitchen in Meyerland</figcaption>');
    const headed = render(<BeforeAfter before={before} after={after} caption="Kitchen in Meyerland" headingLevel={3} />);
    expect(headed).toContain(
      '<figcaption class="before-after__caption"><h3 class="before-after__title">Kitchen in Meyerland</h3></figcaption>',
    );
  });

  it("without a caption, shows none and names the range by the after photo's caption, else its alt text", () => {
    const plain = render(<BeforeAfter before={before} after={after} />);
    expect(plain).not.toContain("<figcaption");
    expect(plain).toContain(">Before and after: White kitchen</label>");
    const noCaption = render(<BeforeAfter before={before} after={{ ...after, caption: "" }} headingLevel={2} />);
    expect(noCaption).toContain(">Before and after: New kitchen with white shaker cabinets</label>");
    expect(noCaption).not.toContain("<h2");
  });

  it("carries the script as the figure's first child, with the page's nonce (the page cache swaps it for a hash), and the slider's shape", () => {
    const nonced = render(<BeforeAfter before={before} after={after} />, "bm9uY2U=");
    // First: it runs before the photos are parsed, so they are never painted side by side first.
    expect(
      nonced.startsWith(
        `<figure class="before-after" data-before-after="" data-ratio="1.5"><script nonce="bm9uY2U=">${BEFORE_AFTER_SCRIPT}</script>`,
      ),
    ).toBe(true);
    expect(nonced.match(/<script/g)).toHaveLength(1);
  });

  it("loads both photos lazily by default, and the after photo first when it opens the page", () => {
    expect(html.match(/loading="lazy"/g)).toHaveLength(2);
    const top = render(<BeforeAfter before={before} after={after} priority="high" />);
    expect(top).not.toContain('loading="lazy"');
    expect(tag(top, /<img class="before-after__img"[^>]*alt="New kitchen[^>]*>/)).toContain('fetchPriority="high"');
    expect(tag(top, /<img class="before-after__img"[^>]*alt="Old kitchen[^>]*>/)).not.toContain("fetchPriority");
  });

  it("sizes both photos to the slider: the column, and no wider than 80% of the screen's height allows", () => {
    expect(html.match(/sizes="min\(calc\(100vw - 2rem\), 64rem, 120vh\)"/g)).toHaveLength(4);
    expect(beforeAfterSizes({ width: 900, height: 1200 })).toBe("min(calc(100vw - 2rem), 64rem, 60vh)");
    expect(beforeAfterSizes({ width: 1000, height: 3000 })).toBe("min(calc(100vw - 2rem), 64rem, 26.67vh)");
    expect(beforeAfterSizes({ width: 0, height: 0 })).toBe("min(calc(100vw - 2rem), 64rem)");
    const given = render(<BeforeAfter before={before} after={after} sizes="50vw" />);
    expect(given.match(/sizes="50vw"/g)).toHaveLength(4);
  });

  it("gives two pairs on one page their own range ids", () => {
    const two = render(
      <>
        <BeforeAfter before={before} after={after} />
        <BeforeAfter before={after} after={before} />
      </>,
    );
    const ids = [...two.matchAll(/<input[^>]*id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});

/** `element` rendered at `path`: its language comes from the address. */
function renderAt(path: string, element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path, Component: () => element }]);
  return render(<Stub initialEntries={[path]} />);
}

describe("BeforeAfter on a Spanish page (ADR 064)", () => {
  it("labels, names and voices the slider in Spanish; the owner's English caption and alt text are marked English", () => {
    const html = renderAt(
      "/es/proyectos/cocina",
      <BeforeAfter
        before={{ ...before, altEs: "" }}
        after={{ ...after, altEs: "Cocina nueva" }}
        caption="White kitchen"
        captionLang="en"
      />,
    );
    expect(html).toContain('<span class="before-after__label">Antes</span>');
    expect(html).toContain('<span class="before-after__label">Después</span>');
    const range = tag(html, /<input[^>]*type="range"[^>]*>/);
    expect(range).toContain('aria-valuetext="50% después"');
    expect(range).toContain('data-valuetext="{percent}% después"');
    expect(html).toMatch(/<label class="visually-hidden" for="[^"]+">Antes y después: <span lang="en">White kitchen<\/span><\/label>/);
    expect(html).toContain('<figcaption class="before-after__caption"><span lang="en">White kitchen</span></figcaption>');
    expect(tag(html, /<img[^>]*alt="Old kitchen[^"]*"[^>]*>/)).toContain('lang="en"');
    expect(tag(html, /<img[^>]*alt="Cocina nueva"[^>]*>/)).not.toContain("lang=");
    for (const english of ["Before", "After", "% after"]) expect(html).not.toContain(`>${english}<`);
  });

  it("a Spanish caption needs no mark", () => {
    const html = renderAt("/es/proyectos/cocina", <BeforeAfter before={before} after={after} caption="Cocina blanca" />);
    expect(html).toContain('<figcaption class="before-after__caption">Cocina blanca</figcaption>');
    expect(html).toMatch(/>Antes y después: (<!-- -->)?Cocina blanca<\/label>/);
  });
});
