/**
 * The homeowner's page (issue 27, item 6; ADR 069): one link per email address, no password;
 * after 14 days a code sent by email confirms it is still them. The host builds this once
 * (`createHomeowner(deps)`) and routes reach it as `backend.homeowner`; the emails that carry the
 * link call `issueHomeownerLink` (link.server.ts) inside their own transaction.
 */
import { checkHomeownerCode, sendHomeownerCode } from "#app/server/homeowner/code.server.ts";
import { confirmCookie } from "#app/server/homeowner/confirm-cookie.server.ts";
import type { HomeownerDeps } from "#app/server/homeowner/deps.server.ts";
import { getHomeownerLinkUrl, replaceHomeownerLink } from "#app/server/homeowner/link.server.ts";
import { openHomeownerPage } from "#app/server/homeowner/open.server.ts";
import { openHomeownerPhoto } from "#app/server/homeowner/photo.server.ts";
import type { HomeownerLink } from "#app/server/repos/homeowner-links.server.ts";

/** The second argument of a verb: what a caller passes once the dependencies are bound. */
type Args<F> = F extends (deps: HomeownerDeps, args: infer A) => unknown ? A : never;

export function createHomeowner(deps: HomeownerDeps) {
  return {
    /** The page for a token: not found, asks for a code, or its view. */
    openPage: (args: Args<typeof openHomeownerPage>) => openHomeownerPage(deps, args),
    /** A photo of the homeowner's own request, or null. */
    openPhoto: (args: Args<typeof openHomeownerPhoto>) => openHomeownerPhoto(deps, args),
    sendCode: (args: Args<typeof sendHomeownerCode>) => sendHomeownerCode(deps, args),
    checkCode: (args: Args<typeof checkHomeownerCode>) => checkHomeownerCode(deps, args),
    /** The Set-Cookie of a browser that just typed the right code, for the page at `path`. */
    confirmCookie: ({ link, path }: { link: HomeownerLink; path: string }) =>
      confirmCookie({ secret: deps.secret, link, now: deps.clock.now(), path, isHttps: deps.config.isHttps }),
    /** The admin's "copy link": the address's link in the homeowner's language, made on first use. */
    getLinkUrl: (args: Args<typeof getHomeownerLinkUrl>) => getHomeownerLinkUrl(deps, args),
    /** The admin's "replace link". */
    replaceLink: (args: Args<typeof replaceHomeownerLink>) => replaceHomeownerLink(deps, args),
  };
}

export type Homeowner = ReturnType<typeof createHomeowner>;
