import type { Route } from "./+types/leads-csv";
import { requireAdmin } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { listLeadsForExport, type Lead } from "~/server/repos/leads.server";
import { leadStatusFilters } from "~/schemas/lead";
import { parseInboxQuery } from "~/server/leads/inbox.server";
import { CSV_BOM, csvRow } from "~/server/leads/csv.server";
import { houstonDate } from "~/server/time.server";

const BATCH = 500;

const header = ["id", "received", "name", "email", "phone", "subject", "message", "status", "spam reason", "source"];

function leadCells(lead: Lead): string[] {
  return [
    lead.id,
    lead.created_at,
    lead.from_name,
    lead.email,
    lead.phone,
    lead.subject,
    lead.message,
    lead.status,
    lead.spam_reason ?? "",
    lead.source,
  ];
}

/**
 * Every request matching the inbox's filters (`status`, `q`; `page` is ignored), as CSV for a
 * spreadsheet. Rows are read in keyset batches and streamed, so a long history is never held
 * in memory at once. A bad status is refused (400) rather than exporting something else.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, logger } = getServices(context);
  const params = new URL(request.url).searchParams;
  const query = parseInboxQuery(params);
  if (query.badStatus) {
    const shown = (params.get("status") ?? "").slice(0, 40);
    return new Response(`“${shown}” is not a status, so nothing was exported. Use one of: ${leadStatusFilters.join(", ")}.\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { filter } = query;
  const encoder = new TextEncoder();
  let after: { created_at: string; id: string } | undefined;
  let started = false;
  let rows = 0;

  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)));
          return;
        }
        const batch = await listLeadsForExport({ db: database.db, filter, after, limit: BATCH });
        if (batch.length > 0) controller.enqueue(encoder.encode(batch.map((lead) => csvRow(leadCells(lead))).join("")));
        rows += batch.length;
        const last = batch.at(-1);
        if (batch.length < BATCH || !last) {
          logger.info("leads exported", { rows, status: filter.status, search: filter.q !== "" });
          controller.close();
          return;
        }
        after = { created_at: last.created_at, id: last.id };
      } catch (error) {
        logger.error("lead export failed", { error: String(error), rows });
        controller.error(error);
      }
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="estimate-requests-${houstonDate(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response("Use GET to download the CSV export.", { status: 405, headers: { Allow: "GET" } });
}
