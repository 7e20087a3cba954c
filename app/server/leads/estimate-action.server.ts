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
import { data, type RouterContextProvider } from "react-router";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "../../form-token.ts";
import { estimateFields, parseEstimateRequest, type EstimateActionResult } from "../../schemas/estimate.ts";
import { leadReference } from "../../schemas/lead.ts";
import { getUser } from "../auth/session.server.ts";
import { appContext, requestContext, type AppServices } from "../context.server.ts";
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from "../db/busy.server.ts";
import { checkFormHeaders, formText, readForm } from "../forms.server.ts";
import { formTokenHash as hashToken, type FormTokens } from "./form-token.server.ts";
import { attributionFrom } from "./lead-details.server.ts";
import {
  isMultipartForm,
  measureJobPhotos,
  photoRefusals,
  receiveJobPhotoForm,
  storeJobPhotos,
  type MeasuredJobPhotos,
  type PhotoRefusal,
} from "./job-photos.server.ts";
import { attachJobPhotos, submitEstimate } from "./submit.server.ts";
import type { Lead } from "../repos/leads.server.ts";

/** Form posts are small; anything larger is not our form. */
export const MAX_FORM_BYTES = 64 * 1024;

const FORM_TYPE = "application/x-www-form-urlencoded" as const;

const REFUSALS = {
  unsupported: "Please send the estimate form from the page: this kind of request is not accepted.",
  tooLarge: "This request is too large for the estimate form.",
  unreadable: "We could not read the form. Please try again.",
};

const SUCCESS_MESSAGE = "Message sent successfully";

export const BUSY_MESSAGE =
  "We could not save your request just now: the site is very busy. Please send it again in a minute, or call us.";

export async function estimateAction({
  request,
  context,
  source,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  source: string;
}) {
  const services = context.get(appContext);
  const { clientIp, requestId } = context.get(requestContext);

  // What the headers already say is refused before the body is read; readForm then checks the
  // size of what actually arrives.
  const formRules = { types: [FORM_TYPE], maxBytes: MAX_FORM_BYTES, messages: REFUSALS } as const;
  // A multipart form may carry photos of the job (job-photos.server.ts): streamed to disk.
  const upload = isMultipartForm(request)
    ? await receiveJobPhotoForm(request, jobPhotoLimits(services), REFUSALS, { disk: services.disk, logger: services.logger, requestId })
    : null;
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
        message: "Please check the highlighted fields and send the form again.",
        fieldErrors: parsed.errors,
        values: clip(raw),
      },
      { status: 400 },
    );
  }

  const { spamReason, reviewReason, formTokenHash } = judgeSpam(
    form,
    services.formTokens,
    services.config.env.FORM_MIN_SECONDS * 1000,
  );
  // A signed-in customer sees the requests they sent on their profile.
  const account = await getUser(request, context);

  // The photos' headers and the request's pixel budget are read first (no pixel decoded), so the
  // lead's emails know whether photos are coming. Then the lead is stored whatever the image
  // queue holds, and only then are its photos converted, in their fair turns (ADR 045).
  const maxPixels = Math.floor(services.config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000);
  const measured = upload
    ? await measureJobPhotos({
        received: upload,
        maxPixels,
        budgetPixels: Math.floor(services.config.env.ESTIMATE_PHOTOS_MAX_MEGAPIXELS * 1_000_000),
        logger: services.logger,
        requestId,
      }).catch(async (error: unknown) => {
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
      accountId: account?.id ?? null,
      clientIp: clientIp || null,
      userAgent: request.headers.get("user-agent"),
      requestId,
    },
    services,
  ).catch(async (error: unknown) => {
    await measured?.discard();
    // Another writer held the database past the request's bound: nothing was stored, so the
    // homeowner keeps what they typed and is told to send it again (ADR 043).
    if (isDatabaseBusy(error)) {
      services.logger.warn("lead not stored: the database is busy", { requestId, source, error });
      return "busy" as const;
    }
    throw error;
  });
  if (submitted === "busy") {
    return data<EstimateActionResult>(
      { status: "error", message: BUSY_MESSAGE, values: clip(raw) },
      { status: 503, headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) } },
    );
  }
  if (!submitted.ok) {
    await measured?.discard();
    const minutes = Math.ceil(submitted.retryAfterSeconds / 60);
    return data<EstimateActionResult>(
      {
        status: "error",
        message: `You have sent several requests in a short time. Please wait about ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or call us.`,
        values: clip(raw),
      },
      { status: 429, headers: { "Retry-After": String(submitted.retryAfterSeconds) } },
    );
  }

  // The answer waits for this request's photos: their turns are bounded by the queue's fairness
  // and cap, and the homeowner is told which were kept.
  const photos = measured ? await keepJobPhotos(measured, submitted.lead, { services, clientIp, requestId }) : null;

  // A caught bot hears the same as a person, so it learns nothing.
  return data<EstimateActionResult>(
    {
      status: "success",
      message: SUCCESS_MESSAGE,
      reference: leadReference(submitted.lead.id),
      ...(upload?.sent && photos ? { photos } : {}),
    },
    { status: 200 },
  );
}

/**
 * Converts a stored lead's photos through the image queue and adds them to it. Whatever goes
 * wrong costs photos, never the stored request: a photo whose row could not be added is told as
 * not saved, and its files are removed.
 */
async function keepJobPhotos(
  measured: MeasuredJobPhotos,
  lead: Lead,
  { services, clientIp, requestId }: { services: AppServices; clientIp: string; requestId: string },
): Promise<{ stored: number; refused: PhotoRefusal[] }> {
  const stored = await storeJobPhotos({
    measured,
    images: services.images,
    // Turns are taken per address: one visitor's several requests share one place in the round.
    client: `ip:${clientIp || "unknown"}`,
    blobStore: services.blobStore,
    maxPixels: Math.floor(services.config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000),
    logger: services.logger,
    requestId,
  });
  // Nothing was held for a request whose photos all failed their headers; otherwise the rows (if
  // any) go in and the held notification and alerts are released, even when none was kept.
  if (measured.files.length === 0) return { stored: 0, refused: stored.refused };
  let attached = false;
  try {
    attached = await attachJobPhotos({ lead, photos: stored.photos, requestId }, services);
  } catch (error) {
    services.logger.error("job photos not added to their stored lead", { requestId, leadId: lead.id, error });
  }
  if (attached || stored.photos.length === 0) return { stored: stored.photos.length, refused: stored.refused };
  await stored.discard();
  return {
    stored: 0,
    refused: [...stored.refused, ...stored.photos.map((photo) => ({ name: photo.file_name, reason: photoRefusals.notSaved(photo.file_name) }))],
  };
}

/** The limits photos of the job are read with (UPLOAD_MAX_MB, MAX_IMAGE_MEGAPIXELS). */
function jobPhotoLimits({ config }: Pick<AppServices, "config">) {
  return {
    maxFileBytes: Math.floor(config.env.UPLOAD_MAX_MB * 1024 * 1024),
    maxTextBytes: MAX_FORM_BYTES,
    maxPixels: Math.floor(config.env.MAX_IMAGE_MEGAPIXELS * 1_000_000),
    dataDir: config.dataDir,
  };
}

/**
 * The routes' `headers`: React Router drops an action's headers (all but Set-Cookie) from the
 * document it renders after a plain form post unless the route passes them on. Keep the
 * Retry-After of the 429 and the 503; everything else stays as it would be without this export.
 */
export function estimateHeaders({
  actionHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  parentHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

interface SpamJudgement {
  /** Why the post is a bot's (the honeypot filled, no token or a forged one): stored, never emailed. */
  spamReason: string | null;
  /**
   * Why a post that may well be a person's is doubted (sent too fast, or the page older than a
   * day): stored as "needs review" and emailed all the same, the reason first.
   */
  reviewReason: string | null;
  /** The hash of a genuine token, so the same token sent again is seen; null without one. */
  formTokenHash: string | null;
}

/**
 * Judges the post: spam only when it is certainly not a person (the honeypot, no token or a
 * forged one). A genuine token that is too young (phone autofill sends in a second) or too old
 * (a page left open) only asks for a look: a person's request is never silenced or refused.
 */
function judgeSpam(form: FormData, formTokens: FormTokens, minAgeMs: number): SpamJudgement {
  const token = formText(form, FORM_TOKEN_FIELD);
  const check = formTokens.check(token, { minAgeMs });
  const genuine = check.ok || check.reason === "too-fast" || check.reason === "expired";
  const formTokenHash = token && genuine ? hashToken(token) : null;
  const honeypot = formText(form, HONEYPOT_FIELD);
  if (honeypot && honeypot.trim() !== "") return { spamReason: "honeypot field filled", reviewReason: null, formTokenHash };
  if (check.ok) return { spamReason: null, reviewReason: null, formTokenHash };
  if (check.reason === "too-fast") return { spamReason: null, reviewReason: tooFastReason(check.ageMs), formTokenHash };
  if (check.reason === "expired") return { spamReason: null, reviewReason: expiredReason(check.ageMs), formTokenHash };
  const spamReason = check.reason === "missing" ? "form token missing" : "form token invalid";
  return { spamReason, reviewReason: null, formTokenHash: null };
}

export function tooFastReason(ageMs: number): string {
  const seconds = Math.floor(Math.max(0, ageMs) / 1000);
  const when = seconds < 1 ? "less than a second" : `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `Sent ${when} after the page opened — phone autofill often does this; check it's a real person.`;
}

export function expiredReason(ageMs: number): string {
  const hours = Math.floor(ageMs / 3_600_000);
  const when = hours >= 48 ? `${Math.floor(hours / 24)} days` : `${hours} hours`;
  return `Sent ${when} after the page opened (a page left open, or a copied form) — check it's a real person.`;
}

function clip(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 6000)]));
}
