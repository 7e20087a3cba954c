import type { MetaDescriptor } from "react-router";
import { siteMeta } from "#app/site-profile.ts";

type Matches = Parameters<typeof siteMeta>[0];

/**
 * A placeholder page the original site had (/house, /room): it shows only its title. Kept for the
 * spec, not offered to search engines.
 */
export function placeholderMeta(matches: Matches, title: string, path: string): MetaDescriptor[] {
  return siteMeta(matches, (site) => ({
    title,
    description: `${title} remodeling projects in ${site.city}, ${site.region}. This page is being prepared; see our services for the work we do today.`,
    path,
    noindex: true,
  }));
}

export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page-section placeholder" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
    </section>
  );
}
