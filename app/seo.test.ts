import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { defaultArtwork } from "#app/content/company.ts";
import { pageMeta, pageTitle, publicUrlFrom } from "#app/seo.ts";

const PUBLIC_URL = "https://www.example-remodeling.test";

function find(meta: MetaDescriptor[], key: string, value: string): Record<string, unknown> | undefined {
  return meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;
}

describe("pageMeta", () => {
  const site = { name: "Bayou City Builders" };
  const base = {
    title: "Bathroom Remodeling | Example",
    description: "New bathrooms in Houston.",
    publicUrl: PUBLIC_URL,
    site,
  };

  it("gives an absolute canonical and og:url on the public URL", () => {
    const meta = pageMeta({ ...base, path: "/bathroom" });
    expect(find(meta, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: `${PUBLIC_URL}/bathroom`,
    });
    expect(find(meta, "property", "og:url")?.content).toBe(`${PUBLIC_URL}/bathroom`);
  });

  it("gives the home page a canonical with a trailing slash", () => {
    const meta = pageMeta({ ...base, path: "/" });
    expect(find(meta, "rel", "canonical")?.href).toBe(`${PUBLIC_URL}/`);
    expect(find(meta, "property", "og:url")?.content).toBe(`${PUBLIC_URL}/`);
  });

  it("uses whatever origin it is given, including a port", () => {
    const meta = pageMeta({ ...base, path: "/contact", publicUrl: "http://localhost:3000" });
    expect(find(meta, "rel", "canonical")?.href).toBe("http://localhost:3000/contact");
  });

  it("sets title, description and the Open Graph/Twitter tags", () => {
    const meta = pageMeta({ ...base, path: "/bathroom" });
    expect(meta).toContainEqual({ title: base.title });
    expect(find(meta, "name", "description")?.content).toBe(base.description);
    expect(find(meta, "property", "og:title")?.content).toBe(base.title);
    expect(find(meta, "property", "og:description")?.content).toBe(base.description);
    // The site name is the profile's, whatever it is.
    expect(find(meta, "property", "og:site_name")?.content).toBe("Bayou City Builders");
    expect(find(meta, "property", "og:type")?.content).toBe("website");
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("makes og:image absolute, defaulting to the hero image", () => {
    const meta = pageMeta({ ...base, path: "/" });
    expect(find(meta, "property", "og:image")?.content).toBe(`${PUBLIC_URL}${defaultArtwork.hero.src}`);
    expect(find(meta, "property", "og:image:width")?.content).toBe(String(defaultArtwork.hero.width));
    expect(find(meta, "property", "og:image:alt")?.content).toBe(defaultArtwork.hero.alt);

    const image = { src: "/images/services/tile.svg", width: 1200, height: 800, alt: "Tile" };
    const withImage = pageMeta({ ...base, path: "/tile", image });
    expect(find(withImage, "property", "og:image")?.content).toBe(`${PUBLIC_URL}/images/services/tile.svg`);
    expect(find(withImage, "property", "og:image:height")?.content).toBe("800");
  });

  it("adds robots noindex only when asked", () => {
    expect(find(pageMeta({ ...base, path: "/about" }), "name", "robots")).toBeUndefined();
    expect(find(pageMeta({ ...base, path: "/login", noindex: true }), "name", "robots")).toEqual({
      name: "robots",
      content: "noindex",
    });
  });

  it("lists each tag once", () => {
    const meta = pageMeta({ ...base, path: "/about", noindex: true });
    const keys = meta.map((m) => {
      const r = m as Record<string, unknown>;
      return String(r.property ?? r.name ?? r.rel ?? ("title" in r ? "title" : "?"));
    });
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("pageTitle", () => {
  it("appends the business name from the profile once", () => {
    const site = { name: "Bayou City Builders" };
    expect(pageTitle("Contact us", site)).toBe("Contact us | Bayou City Builders");
    expect(pageTitle("Bayou City Builders | Home", site)).toBe("Bayou City Builders | Home");
    expect(pageTitle("Contact us", { name: "Example Home Remodeling" })).toBe("Contact us | Example Home Remodeling");
  });
});

describe("publicUrlFrom", () => {
  it("reads publicUrl from the root route's loader data", () => {
    expect(
      publicUrlFrom([
        { id: "routes/public/home", loaderData: { publicUrl: "http://wrong" } },
        { id: "root", loaderData: { publicUrl: PUBLIC_URL } },
      ]),
    ).toBe(PUBLIC_URL);
  });

  it("falls back to localhost when the root has no data (e.g. an error page)", () => {
    expect(publicUrlFrom([undefined, { id: "root" }])).toBe("http://localhost:3000");
    expect(publicUrlFrom([])).toBe("http://localhost:3000");
  });
});
