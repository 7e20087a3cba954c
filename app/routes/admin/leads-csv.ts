import type { Route } from "./+types/leads-csv";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { leadStatusFilters } from "#app/schemas/lead.ts";
import { parseInboxQuery } from "#app/server/leads/inbox.server.ts";

/**
 * Every request matching the inbox's filters (`status`, `q`; `page` is ignored), as CSV for a
 * spreadsheet, streamed as it is read (exportLeadsCsv reads in batches). A bad status is refused
 * (400) rather than exporting something else.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const query = parseInboxQuery(params);
  if (query.badStatus) {
    const shown = (params.get("status") ?? "").slice(0, 40);
    return new Response(`“${shown}” is not a status, so nothing was exported. Use one of: ${leadStatusFilters.join(", ")}.\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const backend = getBackend(context);
  const chunks = backend.leads.exportLeadsCsv({ filter: query.filter });
  const encoder = new TextEncoder();
  // Each chunk is read when the previous one was taken: a slow download holds no more than that.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await chunks.next();
      if (chunk.done) controller.close();
      else controller.enqueue(encoder.encode(chunk.value));
    },
    async cancel() {
      await chunks.return();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="estimate-requests-${backend.clock.localDate(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response("Use GET to download the CSV export.", { status: 405, headers: { Allow: "GET" } });
}
