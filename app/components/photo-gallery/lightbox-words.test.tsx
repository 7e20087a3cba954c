import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { LightboxDialog } from "#app/components/photo-gallery/lightbox-dialog.tsx";
import { GridPhoto } from "#app/components/photo-gallery/grid-photo.tsx";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";

const variant = (width: number) => ({ url: `/media/photos/p1/v1/display-${width}.webp`, width, height: (width * 3) / 4 });
const photo = {
  id: "p1",
  category: "bathroom",
  caption: "A walk-in shower in Bellaire",
  alt: "A walk-in shower",
  captionEs: "",
  altEs: "",
  width: 1600,
  height: 1200,
  placeholder: "data:image/webp;base64,AAAA",
  large: variant(1280),
  master: variant(1600),
  webp: [variant(640), variant(1280)],
  avif: [],
} as unknown as GalleryPhoto;

function render(path: string, element: React.ReactNode): string {
  const Stub = createRoutesStub([{ path, Component: () => <ul>{element}</ul> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe("the lightbox in the page's language (ADR 064)", () => {
  test("on a Spanish page: its buttons, and the sentences its script writes, in Spanish", () => {
    const html = render("/es/", <LightboxDialog id="lb" />);
    for (const words of ["Compartir", "Cerrar", "Pida un estimado gratis", "Foto anterior", "Foto siguiente"])
      expect(html).toContain(words);
    expect(html).toContain('data-locale="es"');
    const words = JSON.parse(/data-words="([^"]*)"/.exec(html)![1]!.replaceAll("&quot;", '"')) as Record<string, string>;
    expect(words.position).toBe("Foto {position} de {total}");
    expect(words.copied).toMatch(/^Enlace copiado/);
    for (const english of ["Share", "Close", "Previous photo", "Get a free estimate"]) expect(html).not.toContain(english);
  });

  test("a grid photo on a Spanish page: the service's Spanish name, the Spanish form, the owner's caption marked English", () => {
    const html = render(
      "/es/",
      <GridPhoto
        photo={photo}
        sizes="100vw"
        priority="lazy"
        project={{ slug: "shower", title: "Walk-in shower", titleEs: "", descriptionEs: "" }}
      />,
    );
    expect(html).toContain('data-service="Remodelación de baños"');
    expect(html).toContain('data-estimate-href="/es/contacto?service=bathroom"');
    expect(html).toContain('<span lang="en">A walk-in shower in Bellaire</span>');
    expect(html).toContain('Del proyecto: <span lang="en">Walk-in shower</span>');
    // The project has no Spanish page: its English one, said to be English.
    expect(html).toContain('<a href="/projects/shower" hrefLang="en">');
    expect(html).toContain('data-project-href="/projects/shower"');
    // No Spanish words yet: the English description marked, and the photo's English page.
    expect(html).toMatch(/<img class="photo__img"[^>]* alt="A walk-in shower" lang="en"/);
    expect(html).toContain('href="/gallery/photo/p1"');
  });

  test("a grid photo with its Spanish words on a Spanish page: those, unmarked, and its Spanish page", () => {
    const spanish = { ...photo, captionEs: "Una ducha a ras de piso en Bellaire", altEs: "Una ducha a ras de piso" };
    const html = render("/es/galeria", <GridPhoto photo={spanish} sizes="100vw" priority="lazy" project={undefined} />);
    expect(html).toContain('<figcaption class="photo__caption">Una ducha a ras de piso en Bellaire</figcaption>');
    expect(html).toMatch(/<img class="photo__img"[^>]* alt="Una ducha a ras de piso"/);
    expect(html).toContain('href="/es/galeria/foto/p1"');
    expect(html).not.toContain('lang="en"');
    // On an English page the Spanish words stay out.
    const english = render("/gallery", <GridPhoto photo={spanish} sizes="100vw" priority="lazy" project={undefined} />);
    expect(english).not.toContain("ducha");
    expect(english).toContain('href="/gallery/photo/p1"');
  });

  test("a grid photo whose project has its Spanish page: the Spanish title and address, unmarked", () => {
    const project = { slug: "shower", title: "Walk-in shower", titleEs: "Ducha a ras de piso", descriptionEs: "Una ducha nueva." };
    const html = render("/es/galeria", <GridPhoto photo={photo} sizes="100vw" priority="lazy" project={project} />);
    expect(html).toContain('<a href="/es/proyectos/shower">Del proyecto: Ducha a ras de piso</a>');
    expect(html).toContain('data-project-href="/es/proyectos/shower" data-project-title="Ducha a ras de piso"');
    // Its Spanish title alone gives it no Spanish page yet: the title in Spanish, the English page.
    const titleOnly = render(
      "/es/galeria",
      <GridPhoto photo={photo} sizes="100vw" priority="lazy" project={{ ...project, descriptionEs: "" }} />,
    );
    expect(titleOnly).toContain('<a href="/projects/shower" hrefLang="en">Del proyecto: Ducha a ras de piso</a>');
  });

  test("on an English page: the words and addresses as before, nothing marked", () => {
    const html = render("/", <GridPhoto photo={photo} sizes="100vw" priority="lazy" project={undefined} />);
    expect(html).toContain('data-service="Bathroom Remodeling"');
    expect(html).toContain('data-estimate-href="/contact?service=bathroom"');
    expect(html).not.toContain('lang="en"');
    expect(render("/", <LightboxDialog id="lb" />)).toContain("Previous photo");
  });
});
