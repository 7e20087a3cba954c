import { describe, expect, it } from "vitest";
import { toLightboxPhoto } from "#app/schemas/lightbox-photo.ts";
import { photoHref, photoTitle, type GalleryPhoto } from "#app/schemas/photo-view.ts";

const id = "0b9a7c1e-3c44-4a55-8e2f-6a1b2c3d4e5f";

const photo: GalleryPhoto = {
  id,
  caption: "New walk-in shower",
  alt: "Walk-in shower with grey tile",
  captionEs: "",
  altEs: "",
  category: "bathroom",
  width: 1600,
  height: 1200,
  placeholder: "data:image/webp;base64,AAAA",
  avif: [{ url: `/media/photos/${id}/v1/display-320.avif`, width: 320, height: 240 }],
  webp: [
    { url: `/media/photos/${id}/v1/display-320.webp`, width: 320, height: 240 },
    { url: `/media/photos/${id}/v1/display-640.webp`, width: 640, height: 480 },
  ],
  large: { url: `/media/photos/${id}/v1/display-640.webp`, width: 640, height: 480 },
  master: { url: `/media/photos/${id}/v1/master-1600.jpg`, width: 1600, height: 1200 },
};

describe("a photo's page address and heading", () => {
  it("is /gallery/photo/<id>, the id escaped", () => {
    expect(photoHref(id)).toBe(`/gallery/photo/${id}`);
    expect(photoHref("a/b?c")).toBe("/gallery/photo/a%2Fb%3Fc");
  });

  it("is headed by the caption, else by the alt text", () => {
    expect(photoTitle(photo)).toBe("New walk-in shower");
    expect(photoTitle({ caption: "  ", alt: "Walk-in shower" })).toBe("Walk-in shower");
  });
});

describe("toLightboxPhoto", () => {
  it("gives the lightbox the largest WebP, every WebP width, the texts, neighbours and place", () => {
    const next = "1c2d3e4f-0000-4000-8000-000000000001";
    expect(
      toLightboxPhoto({ photo, previousId: null, nextId: next, position: 25, total: 30, project: null, service: "Bathroom Remodeling" }),
    ).toEqual({
      id,
      href: `/gallery/photo/${id}`,
      src: `/media/photos/${id}/v1/display-640.webp`,
      srcset: `/media/photos/${id}/v1/display-320.webp 320w, /media/photos/${id}/v1/display-640.webp 640w`,
      width: 640,
      height: 480,
      alt: "Walk-in shower with grey tile",
      altLang: "",
      caption: "New walk-in shower",
      captionLang: "",
      previousId: null,
      nextId: next,
      position: 25,
      total: 30,
      service: "Bathroom Remodeling",
      estimateHref: "/contact?service=bathroom",
      project: null,
    });
  });

  it("takes the photo's words and page in the page's language, with their language when it differs", () => {
    const view = { previousId: null, nextId: null, position: 1, total: 1, project: null, service: "Remodelación de baños" };
    const local = { alt: { text: photo.alt, lang: "en" }, caption: { text: "Nueva ducha" }, href: `/es/galeria/foto/${id}` };
    expect(toLightboxPhoto({ ...view, photo, local })).toMatchObject({
      alt: photo.alt,
      altLang: "en",
      caption: "Nueva ducha",
      captionLang: "",
      href: `/es/galeria/foto/${id}`,
    });
  });

  it("links a photo of a published project to the project's page, its title as given", () => {
    const project = { slug: "walk-in-shower-in-bellaire", title: "Walk-in shower & bench in Bellaire" };
    expect(toLightboxPhoto({ photo, previousId: null, nextId: null, position: 1, total: 1, project, service: null }).project).toEqual({
      href: "/projects/walk-in-shower-in-bellaire",
      title: "Walk-in shower & bench in Bellaire",
    });
  });

  it("takes its project's link in the page's language when the page gives one (the Spanish page, or the English one)", () => {
    const project = { slug: "walk-in-shower-in-bellaire", title: "Walk-in shower in Bellaire" };
    const view = { photo, previousId: null, nextId: null, position: 1, total: 1, project, service: null };
    const local = { alt: { text: photo.alt }, caption: { text: "" }, href: photoHref(id) };
    const spanish = { href: "/es/proyectos/walk-in-shower-in-bellaire", title: "Ducha en Bellaire" };
    expect(toLightboxPhoto({ ...view, local: { ...local, project: spanish } }).project).toEqual(spanish);
    expect(toLightboxPhoto({ ...view, local }).project).toEqual({ href: "/projects/walk-in-shower-in-bellaire", title: project.title });
  });

  it("asks for an estimate for the photo's service by its slug; a service we no longer offer gets the plain form", () => {
    const view = { previousId: null, nextId: null, position: 1, total: 1, project: null };
    const tile = toLightboxPhoto({ ...view, photo: { ...photo, category: "tile" }, service: "Ceramic & Porcelain Tiles" });
    expect([tile.service, tile.estimateHref]).toEqual(["Ceramic & Porcelain Tiles", "/contact?service=tile"]);
    const gone = toLightboxPhoto({ ...view, photo: { ...photo, category: "pools" }, service: null });
    expect([gone.service, gone.estimateHref]).toEqual([null, "/contact"]);
  });

  it("sends no caption made only of spaces", () => {
    expect(
      toLightboxPhoto({
        photo: { ...photo, caption: "   " },
        previousId: null,
        nextId: null,
        position: 1,
        total: 1,
        project: null,
        service: "Bathroom Remodeling",
      }).caption,
    ).toBe("");
  });
});
