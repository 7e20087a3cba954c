import { data } from "react-router";
import { getBackend } from "#app/server/context.server.ts";
import type { Route } from "./+types/crash";

/**
 * Throws on purpose so tests can see the 500 page. Answers 404 unless the
 * operator set ENABLE_CRASH_ROUTE=true.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!getBackend(context).config.env.ENABLE_CRASH_ROUTE) {
    throw data(null, { status: 404 });
  }
  throw new Error("Deliberate crash for testing the error page");
}

export default function Crash() {
  return null;
}
