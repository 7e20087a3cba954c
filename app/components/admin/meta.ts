import type { MetaDescriptor } from "react-router";
import { company } from "~/content/company";

/** An admin page's title, kept out of search engines. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Admin | ${company.name}` }, { name: "robots", content: "noindex, nofollow" }];
}
