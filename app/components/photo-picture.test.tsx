import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";

const variant = (width: number) => ({ url: `/media/photos/p1/v1/display-${width}.webp`, width, height: (width * 3) / 4 });
const photo: GalleryPhoto = {
  id: "p1",
  category: "kitchen",
  caption: "Open kitchen in the Heights",
  alt: "A bright open kitchen with a quartz island",
  captionEs: "",
  altEs: "",
  width: 1600,
  height: 1200,
  placeholder: "",
  large: variant(1280),
  master: variant(1600),
  webp: [variant(640), variant(1280)],
  avif: [],
};

function render(path: string, shown: GalleryPhoto): string {
  const Stub = createRoutesStub([{ path, Component: () => <PhotoPicture photo={shown} sizes="100vw" /> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

/** A gallery photo wherever a page shows one (the hero, about, a service's cover, a card, a pair): ADR 064. */
describe("a photo's description in the page's language", () => {
  test("a Spanish page: the Spanish description when written", () => {
    const html = render("/es/", { ...photo, altEs: "Una cocina abierta y luminosa con isla de cuarzo" });
    expect(html).toContain('alt="Una cocina abierta y luminosa con isla de cuarzo"');
    expect(html).not.toContain("lang=");
  });

  test("a Spanish page without it: the English description, marked English", () => {
    expect(render("/es/nosotros", photo)).toContain('alt="A bright open kitchen with a quartz island" lang="en"');
  });

  test("an English page: the English description, unmarked, Spanish or not", () => {
    const html = render("/about", { ...photo, altEs: "Una cocina abierta" });
    expect(html).toContain('alt="A bright open kitchen with a quartz island"');
    expect(html).not.toContain("lang=");
  });
});

const wide: GalleryPhoto = { ...photo, webp: [320, 480, 640, 960, 1280].map(variant), avif: [] };
/** The widths a picture's WebP source offers. */
const offered = (html: string) => [...html.matchAll(/display-(\d+)\.webp (\d+)w/g)].map((m) => Number(m[2]));
/** The wide photo's picture, told the widest it takes. */
function withWidest(widest: number): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <PhotoPicture photo={wide} sizes="50vw" widest={widest} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

describe("the files a picture offers", () => {
  test("every stored width, unless told the widest the photo takes", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <PhotoPicture photo={wide} sizes="100vw" /> }]);
    expect(offered(renderToStaticMarkup(<Stub initialEntries={["/"]} />))).toEqual([320, 480, 640, 960, 1280]);
  });

  test("up to the first file that covers the widest it takes (a grid's cell: 640)", () => {
    expect(offered(withWidest(640))).toEqual([320, 480, 640]);
    expect(offered(withWidest(644))).toEqual([320, 480, 640, 960]);
    expect(offered(withWidest(4000))).toEqual([320, 480, 640, 960, 1280]);
    // The fallback stays the 640 file the e2e tests expect.
    expect(withWidest(640)).toContain('src="/media/photos/p1/v1/display-640.webp"');
  });
});
