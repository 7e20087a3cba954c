import { describe, expect, it } from "vitest";
import { projectJsonLd } from "#app/project-json-ld.ts";

const cover = {
  id: "p1",
  caption: "",
  alt: "A kitchen",
  captionEs: "",
  altEs: "",
  category: "kitchen",
  width: 1600,
  height: 1200,
  placeholder: "",
  avif: [],
  webp: [],
  large: { url: "/media/photos/p1/v1/display-1600.webp", width: 1600, height: 1200 },
  master: { url: "/media/photos/p1/v1/master.jpg", width: 1600, height: 1200 },
};

describe("projectJsonLd", () => {
  it("describes the job, its place and month, its service and the business, with absolute addresses", () => {
    const ld = projectJsonLd({
      project: {
        slug: "open-kitchen",
        title: "Open kitchen",
        description: "A wall came out.",
        titleEs: "Cocina abierta",
        descriptionEs: "Quitamos una pared.",
        service: "kitchen",
        place: "Heights, Houston",
        finishedOn: "2026-04",
        cover,
      },
      publicUrl: "https://remodel.example",
      business: { name: "Acme Remodeling" },
    });
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "CreativeWork",
      name: "Open kitchen",
      description: "A wall came out.",
      inLanguage: "en-US",
      url: "https://remodel.example/projects/open-kitchen",
      image: "https://remodel.example/media/photos/p1/v1/master.jpg",
      dateCreated: "2026-04",
      temporalCoverage: "2026-04",
      locationCreated: { "@type": "Place", name: "Heights, Houston" },
      about: { "@type": "Service", name: "Kitchen Remodeling", url: "https://remodel.example/kitchen" },
      creator: {
        "@type": "HomeAndConstructionBusiness",
        "@id": "https://remodel.example/#business",
        name: "Acme Remodeling",
        url: "https://remodel.example/",
      },
    });
  });

  it("on the Spanish page: the Spanish title, story, address and service, in Spanish", () => {
    const ld = projectJsonLd({
      project: {
        slug: "open-kitchen",
        title: "Open kitchen",
        description: "A wall came out.",
        titleEs: "Cocina abierta",
        descriptionEs: "Quitamos una pared.",
        service: "kitchen",
        place: "Heights, Houston",
        finishedOn: "2026-04",
        cover,
      },
      publicUrl: "https://remodel.example",
      business: { name: "Acme Remodeling" },
      locale: "es",
    });
    expect(ld).toMatchObject({
      name: "Cocina abierta",
      description: "Quitamos una pared.",
      inLanguage: "es-US",
      url: "https://remodel.example/es/proyectos/open-kitchen",
      about: { "@type": "Service", name: "Remodelación de cocinas", url: "https://remodel.example/es/cocinas" },
    });
  });

  it("keeps a bucket's absolute photo address, and leaves out what the project does not have", () => {
    const ld = projectJsonLd({
      project: {
        slug: "x",
        title: "X",
        description: "",
        titleEs: "",
        descriptionEs: "",
        service: "pools",
        place: "Katy",
        finishedOn: "2025-01",
        cover: { ...cover, master: { ...cover.master, url: "https://cdn.example/m.jpg" } },
      },
      publicUrl: "https://remodel.example",
      business: { name: "Acme" },
    });
    expect(ld.image).toBe("https://cdn.example/m.jpg");
    expect(ld).not.toHaveProperty("description");
    expect(ld).not.toHaveProperty("about");
  });
});
