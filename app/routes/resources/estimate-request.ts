import { ESTIMATE_FORM_PAGES, type EstimateFormPage } from "#app/schemas/estimate-paths.ts";
import { estimateAction } from "#app/server/leads/estimate-action.server.ts";
import type { EstimateActionResult } from "#app/schemas/estimate.ts";
import type { Route } from "./+types/estimate-request";
import { localeOf } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";

/**
 * POST /estimate-request?from=<page>: the estimate form's background post (its script,
 * app/browser/estimate-form.ts). The same action as a plain post to `/` or `/contact`, answered
 * as JSON with the same status codes: 200 with the reference, 400 with field errors, 415, 413,
 * 429 (with Retry-After), each with a `message` a person can read. The lead's source is the
 * form's page, taken only from the list of pages that carry the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const from = new URL(request.url).searchParams.get("from");
  if (!isFormPage(from)) {
    return answer(
      {
        status: "error",
        // The page named, even one the form is not on, still tells the language.
        message: translate(localeOf(from ?? ""), "estimate.answer.noPage"),
      },
      { status: 400 },
    );
  }
  try {
    const result = await estimateAction({ request, context, source: from });
    return answer(result.data, result.init ?? {});
  } catch (error) {
    // The action's refusals before validation (415, 413, 400) are thrown as data with a sentence.
    if (isRefusal(error)) return answer({ status: "error", message: String(error.data) }, error.init ?? { status: 400 });
    throw error;
  }
}

/** A GET gets a sentence, not a page: the form posts here. */
export function loader({ request }: Route.LoaderArgs) {
  const from = new URL(request.url).searchParams.get("from") ?? "";
  return Response.json(
    { status: "error", message: translate(localeOf(from), "estimate.answer.postOnly") },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}

function isFormPage(value: string | null): value is EstimateFormPage {
  return value !== null && (ESTIMATE_FORM_PAGES as readonly string[]).includes(value);
}

function answer(body: EstimateActionResult, init: ResponseInit): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status: init.status ?? 200, headers });
}

/** What `data(message, { status })` throws: React Router's DataWithResponseInit. */
function isRefusal(error: unknown): error is { data: unknown; init: ResponseInit | null } {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { type?: unknown }).type === "DataWithResponseInit" &&
    "data" in error &&
    typeof (error as { data: unknown }).data === "string"
  );
}
