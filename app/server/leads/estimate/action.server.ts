/**
 * The estimate form's action, shared by `/` and `/contact`: the HTTP side of a request.
 *
 * Order matters: refuse what is not our form by its headers (415, then 413 on Content-Length),
 * read the body (413 past MAX_FORM_BYTES, 400 unreadable), validate (400 with field errors and
 * what was typed), judge spam (or doubt: "needs review", still emailed), and hand over to `submitEstimate`, which counts the post against
 * the address's limit and stores the lead in one transaction (429 with Retry-After when the
 * limit was reached). So only stored requests count: someone fixing a typo five times is not
 * locked out (docs/decisions/020-shared-limits-and-device-cookies.md). Photos of the job are
 * converted only after the lead is stored (a limited post costs no image work), in the
 * process's image queue, and added to the stored lead (docs/decisions/045-image-queue.md).
 */
import { data } from "react-router";
import { estimateNextSteps } from "#app/content/estimate-next-steps.ts";
import { estimateFields, parseEstimateRequest, type EstimateActionResult } from "#app/schemas/estimate.ts";
import { leadReference } from "#app/schemas/lead.ts";
import type { BackendBase } from "#app/server/backend-base.server.ts";
import { ensureBookingToken } from "#app/server/booking/link.server.ts";
import { bookingPath } from "#app/server/quotes/paths.server.ts";
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from "#app/server/db/busy.server.ts";
import { checkFormHeaders, formText, readForm } from "#app/server/forms.server.ts";
import { attributionFrom } from "#app/server/leads/lead-details.server.ts";
import { isMultipartForm, photoReasonWords, type JobPhotos, type MeasuredJobPhotos } from "#app/server/leads/job-photos.server.ts";
import { submitEstimate, type AttachDeps, type EstimateDeps, type SubmitResult } from "#app/server/leads/submit.server.ts";
import { FORM_TYPE, MAX_FORM_BYTES, clip, estimateRefusals, fieldErrorWords } from "#app/server/leads/estimate/answers.server.ts";
import { localeOf, type Locale } from "#app/i18n/locale.ts";
import { translate } from "#app/i18n/messages.ts";
import { judgeSpam } from "#app/server/leads/estimate/spam.server.ts";
import { keepJobPhotos } from "#app/server/leads/estimate/photos.server.ts";

type EstimateActionDeps = EstimateDeps & AttachDeps & Pick<BackendBase, "formTokens"> & { photos: JobPhotos };

/** One post of the estimate form, with what the route knows of it. */
export interface EstimatePost {
  request: Request;
  /** The page the form was sent from ("/", "/contact", "/es/" or "/es/contacto"): its language is the answer's. */
  source: string;
  clientIp: string;
  requestId: string;
  /** The signed-in customer, if any (they see the requests they sent on their profile); asked once the post is judged. */
  account: () => Promise<{ id: string } | null>;
}

export async function estimateAction(backend: EstimateActionDeps, { request, source, clientIp, requestId, account }: EstimatePost) {
  // What the headers already say is refused before the body is read; readForm then checks the
  // size of what actually arrives.
  const locale = localeOf(source);
  const refusals = estimateRefusals(locale);
  const formRules = { types: [FORM_TYPE], maxBytes: MAX_FORM_BYTES, messages: refusals } as const;
  // A multipart form may carry photos of the job (job-photos.server.ts): streamed to disk.
  const upload = isMultipartForm(request) ? await backend.photos.receive(request, { messages: refusals, requestId }) : null;
  if (!upload) checkFormHeaders(request, formRules);

  const form = upload ? upload.form : await readForm(request, formRules);

  const raw: Record<string, string> = {};
  for (const field of estimateFields) {
    const value = formText(form, field);
    if (value !== undefined) raw[field] = value;
  }
  const parsed = parseEstimateRequest(raw);
  if (!parsed.success) {
    await upload?.discard();
    return data<EstimateActionResult>(
      {
        status: "error",
        message: translate(locale, "estimate.answer.checkFields"),
        fieldErrors: fieldErrorWords(locale, parsed.errors),
        values: clip(raw),
      },
      { status: 400 },
    );
  }

  const { spamReason, reviewReason, formTokenHash } = judgeSpam(form, backend.formTokens, backend.config.env.FORM_MIN_SECONDS * 1000);
  // A signed-in customer sees the requests they sent on their profile.
  const customer = await account();

  // The photos' headers and the request's pixel budget are read first (no pixel decoded), so the
  // lead's emails know whether photos are coming. Then the lead is stored whatever the image
  // queue holds, and only then are its photos converted, in their fair turns (ADR 045).
  const measured = upload
    ? await backend.photos.measure(upload, requestId).catch(async (error: unknown) => {
        await upload.discard();
        throw error;
      })
    : null;

  const submitted = await submitEstimate(
    {
      estimate: parsed.data,
      // Where the visit came from (hidden fields; none without JavaScript): kept, never refused.
      attribution: attributionFrom(form),
      photosComing: (measured?.files.length ?? 0) > 0,
      spamReason,
      reviewReason,
      formTokenHash,
      source,
      accountId: customer?.id ?? null,
      clientIp: clientIp || null,
      userAgent: request.headers.get("user-agent"),
      requestId,
    },
    backend,
  ).catch(async (error: unknown) => notSubmitted(error, { backend, measured, requestId, source }));
  if (submitted === "busy" || !submitted.ok) return refusedAnswer(submitted, raw, measured, locale);

  // The answer waits for this request's photos: their turns are bounded by the queue's fairness
  // and cap, and the homeowner is told which were kept.
  const photos = measured ? await keepJobPhotos(measured, submitted.lead, { backend, clientIp, requestId }) : null;

  // The request's booking page, in the page's language: the homeowner picks the visit's time now.
  const booking = bookingPath(
    locale,
    await ensureBookingToken({ db: backend.database.db, secret: backend.secret, leadId: submitted.lead.id, now: backend.clock.now() }),
  );
  // A caught bot hears the same as a person, so it learns nothing.
  return data<EstimateActionResult>(
    {
      status: "success",
      message: translate(locale, "estimate.answer.success"),
      reference: leadReference(submitted.lead.id),
      nextSteps: estimateNextSteps({ method: parsed.data.contact_method, phone: parsed.data.phone, email: parsed.data.email }, locale),
      // Each photo not kept, with its reason in the page's language.
      ...(upload?.sent && photos
        ? {
            photos: {
              stored: photos.stored,
              refused: photos.refused.map(({ name, reason }) => ({ name, reason: photoReasonWords(locale, reason) })),
            },
          }
        : {}),
      booking,
    },
    { status: 200 },
  );
}

/** A submission that threw: "busy" when the database was, any other error thrown again. */
async function notSubmitted(
  error: unknown,
  {
    backend,
    measured,
    requestId,
    source,
  }: { backend: Pick<BackendBase, "logger">; measured: MeasuredJobPhotos | null; requestId: string; source: string },
): Promise<"busy"> {
  await measured?.discard();
  // Another writer held the database past the request's bound: nothing was stored, so the
  // homeowner keeps what they typed and is told to send it again (ADR 043).
  if (isDatabaseBusy(error)) {
    backend.logger.warn("lead not stored: the database is busy", { requestId, source, error });
    return "busy" as const;
  }
  throw error;
}

/** The answer to a request that was not stored: the database busy (503), or the address's limit reached (429). */
async function refusedAnswer(
  submitted: "busy" | Exclude<SubmitResult, { ok: true }>,
  raw: Record<string, string>,
  measured: MeasuredJobPhotos | null,
  locale: Locale,
) {
  if (submitted === "busy") {
    return data<EstimateActionResult>(
      { status: "error", message: translate(locale, "estimate.answer.busy"), values: clip(raw) },
      { status: 503, headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } },
    );
  }
  await measured?.discard();
  const minutes = Math.ceil(submitted.retryAfterSeconds / 60);
  return data<EstimateActionResult>(
    {
      status: "error",
      message: translate(locale, "estimate.answer.tooMany", { minutes }),
      values: clip(raw),
    },
    { status: 429, headers: { "Retry-After": String(submitted.retryAfterSeconds) } },
  );
}
