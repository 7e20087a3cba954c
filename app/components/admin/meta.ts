import type { MetaDescriptor } from "react-router";
import { siteFrom } from "#app/site-profile.ts";

type Matches = Parameters<typeof siteFrom>[0];

/** An admin page's title with the business's name, kept out of search engines. */
export function adminMeta(title: string, matches: Matches): MetaDescriptor[] {
  return [{ title: `${title} | Admin | ${siteFrom(matches).name}` }, { name: "robots", content: "noindex, nofollow" }];
}
