import { getBackend } from "#app/server/context.server.ts";
import type { Route } from "./+types/form-token";

/** A fresh form token for an estimate form rendered in the browser (see app/form-token.ts). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ token: getBackend(context).formTokens.mint() }, { headers: { "Cache-Control": "no-store" } });
}
