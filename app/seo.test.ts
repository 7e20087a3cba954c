import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import type { ShareImage } from "#app/schemas/share-image.ts";
import { pageMeta, pageTitle, publicUrlFrom, shareImageFrom } from "#app/seo.ts";

const PUBLIC_URL = "https://www.example-remodeling.test";

function find(meta: MetaDescriptor[], key: string, value: string): Record<string, unknown> | undefined {
  return meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;
}

describe("pageMeta", () => {
  const site = { name: "Bayou City Builders" };
  const card: ShareImage = {
    src: "/og/default.png?v=abc123",
    width: 1200,
    height: 630,
    type: "image/png",
    alt: "Bayou City Builders, home repair and remodeling in Houston, TX. Call (713) 555-0100.",
  };
  const base = {
    title: "Bathroom Remodeling | Example",
    description: "New bathrooms in Houston.",
    publicUrl: PUBLIC_URL,
    site,
    shareImage: card,
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

  it("without a photo of its own, the page shares the site's share image, absolute, with its size, type and alt", () => {
    const meta = pageMeta({ ...base, path: "/" });
    expect(find(meta, "property", "og:image")?.content).toBe(`${PUBLIC_URL}/og/default.png?v=abc123`);
    expect(find(meta, "property", "og:image:width")?.content).toBe("1200");
    expect(find(meta, "property", "og:image:height")?.content).toBe("630");
    expect(find(meta, "property", "og:image:type")?.content).toBe("image/png");
    expect(find(meta, "property", "og:image:alt")?.content).toBe(card.alt);
  });

  it("a photo of its own at least 1200 × 630 is shared as its JPEG master", () => {
    const photo = { master: { url: "/media/photos/7/v1/master-2560.jpg", width: 2560, height: 1440 }, alt: "A new walk-in shower" };
    const meta = pageMeta({ ...base, path: "/bathroom", photo });
    expect(find(meta, "property", "og:image")?.content).toBe(`${PUBLIC_URL}/media/photos/7/v1/master-2560.jpg`);
    expect(find(meta, "property", "og:image:width")?.content).toBe("2560");
    expect(find(meta, "property", "og:image:height")?.content).toBe("1440");
    expect(find(meta, "property", "og:image:type")?.content).toBe("image/jpeg");
    expect(find(meta, "property", "og:image:alt")?.content).toBe("A new walk-in shower");
    // Photos under PUBLIC_MEDIA_URL keep their own address.
    const cdn = { ...photo, master: { ...photo.master, url: "https://media.example-cdn.test/photos/7/v1/master-2560.jpg" } };
    expect(find(pageMeta({ ...base, path: "/bathroom", photo: cdn }), "property", "og:image")?.content).toBe(cdn.master.url);
  });

  /** The og:image:alt of /bathroom's meta with `options`. */
  const shareAlt = (options: Partial<Parameters<typeof pageMeta>[0]>) =>
    find(pageMeta({ ...base, path: "/bathroom", ...options }), "property", "og:image:alt")?.content;

  it("a Spanish page describes its photo in Spanish when the owner wrote it, else as entered", () => {
    const photo = { master: { url: "/media/photos/7/v1/master-2560.jpg", width: 2560, height: 1440 }, alt: "A new walk-in shower" };
    expect(shareAlt({ locale: "es", photo: { ...photo, altEs: "Una ducha nueva a ras de piso" } })).toBe("Una ducha nueva a ras de piso");
    expect(shareAlt({ locale: "es", photo: { ...photo, altEs: "" } })).toBe("A new walk-in shower");
    expect(shareAlt({ locale: "en", photo: { ...photo, altEs: "Una ducha nueva a ras de piso" } })).toBe("A new walk-in shower");
  });

  it("a photo smaller than 1200 × 630 either way gives way to the site's share image", () => {
    for (const [width, height] of [
      [1199, 900],
      [1600, 629],
    ] as const) {
      const photo = { master: { url: `/media/photos/7/v1/master-${width}.jpg`, width, height }, alt: "Small" };
      expect(find(pageMeta({ ...base, path: "/bathroom", photo }), "property", "og:image")?.content).toBe(
        `${PUBLIC_URL}/og/default.png?v=abc123`,
      );
    }
  });

  it("the site's share image comes from the root loader, the unversioned card when it failed", () => {
    expect(shareImageFrom([{ id: "root", loaderData: { shareImage: card } }])).toEqual(card);
    expect(shareImageFrom([undefined]).src).toBe("/og/default.png");
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
