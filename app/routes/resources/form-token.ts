import { getServices } from "~/server/context.server";
import { mintFormToken } from "~/server/leads/form-token.server";
import type { Route } from "./+types/form-token";

/** A fresh form token for an estimate form rendered in the browser (see app/form-token.ts). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(
    { token: mintFormToken(getServices(context).secret) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
