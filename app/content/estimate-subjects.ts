/**
 * The choices of the estimate form's "What do you need?" list: every service by its one name
 * (service-names.ts), in the order the site lists them, then "Something else". The posted value
 * is the text itself, so the lead's subject reads the same as before the list existed.
 */
import { SOMETHING_ELSE } from "../schemas/estimate-rules.ts";
import { serviceNames } from "./service-names.ts";
import { serviceSlugs } from "./types.ts";

export function estimateSubjects(): string[] {
  return [...serviceSlugs.map((slug) => serviceNames[slug]), SOMETHING_ELSE];
}
