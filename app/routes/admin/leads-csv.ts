import type { Route } from "./+types/leads-csv";
import { requireAdmin } from "~/server/auth/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return new Response("", { headers: { "Content-Type": "text/csv; charset=utf-8" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response("Use GET to download the CSV export.", { status: 405, headers: { Allow: "GET" } });
}
