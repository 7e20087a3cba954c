/**
 * A homeowner's own photo through their link (ADR 069): only a photo of a request sent with the
 * link's address, and only to a visit that may open the page. Anything else is null (a 404), so
 * another homeowner's photo cannot be told from one that does not exist.
 */
import { canOpenHomeownerPage } from "#app/server/homeowner/open.server.ts";
import type { HomeownerDeps } from "#app/server/homeowner/deps.server.ts";
import { findHomeownerLink } from "#app/server/homeowner/link.server.ts";
import { openLeadPhoto } from "#app/server/leads/job-photos/serve.server.ts";
import { PHOTO_ID } from "#app/server/leads/job-photos/files.server.ts";
import { isHomeownerLead } from "#app/server/repos/homeowner-links.server.ts";

export async function openHomeownerPhoto(
  deps: Pick<HomeownerDeps, "config" | "database" | "secret" | "clock" | "blobStore">,
  {
    token,
    leadId,
    photoId,
    size,
    cookieHeader,
  }: {
    token: string | undefined;
    leadId: string | undefined;
    photoId: string | undefined;
    size: string | undefined;
    cookieHeader: string | null;
  },
) {
  if (!leadId || !PHOTO_ID.test(leadId) || size !== "thumb") return null;
  const link = await findHomeownerLink(deps, token);
  if (!link || !canOpenHomeownerPage(deps, { link, cookieHeader, now: deps.clock.now() })) return null;
  if (!(await isHomeownerLead({ db: deps.database.db, email: link.email, leadId }))) return null;
  return openLeadPhoto({ db: deps.database.db, blobStore: deps.blobStore, leadId, photoId, size });
}
