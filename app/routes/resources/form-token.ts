import { getServices } from "~/server/context.server";
import type { Route } from "./+types/form-token";

/** A fresh form token for an estimate form rendered in the browser (see app/form-token.ts). */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json(
    { token: getServices(context).formTokens.mint() },
    { headers: { "Cache-Control": "no-store" } },
  );
}
