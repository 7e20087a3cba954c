/** The business as the visit emails and calendars name it: sender, organiser, phone. */
import { siteSender } from "#app/server/mail/messages.server.ts";
import type { CalendarBusiness } from "#app/server/visits/ical.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";

/** The bare address of a From line (`"Name" <a@b>` → a@b). */
function bareAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The profile as it is now, the From line, and the organiser (the public email, else the sender). */
export async function businessFacts(deps: Pick<VisitDeps, "config" | "site">) {
  const { profile } = await deps.site.content();
  const from = siteSender(deps.config, profile.name);
  const organiser: CalendarBusiness = { name: profile.name, email: profile.publicEmail || bareAddress(from) };
  return { profile, from, organiser };
}
