/**
 * The estimate form's action, shared by `/` and `/contact`.
 *
 * Order matters: refuse what is not a form (415/413), rate-limit the address
 * (429), validate (400 with field errors), then judge spam and store the lead
 * with its emails in one transaction before answering. Only then is the
 * outbox woken to send the emails: a failing mail server can delay them but
 * never lose the request.
 */
import { createHmac } from "node:crypto";
import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "../../form-token.ts";
import { estimateFields, parseEstimateRequest, type EstimateActionResult } from "../../schemas/estimate.ts";
import { appContext, requestContext } from "../context.server.ts";
import { countEmailJobsTo } from "../repos/email-jobs.server.ts";
import { createLeadWithJobs, type Lead, type NewEmailJob } from "../repos/leads.server.ts";
import { leadConfirmationMail, leadNotificationMail } from "../mail/messages.server.ts";
import { checkFormToken } from "./form-token.server.ts";
import { company } from "../../content/company.ts";
import { getUser } from "../auth/session.server.ts";

/** Form posts are small; anything larger is not our form. */
export const MAX_FORM_BYTES = 64 * 1024;

const SUCCESS_MESSAGE = "Message sent successfully";

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
  const { config, logger, database } = services;

  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (contentType !== "application/x-www-form-urlencoded") {
    throw data("Please send the estimate form from the page: this kind of request is not accepted.", {
      status: 415,
    });
  }
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_FORM_BYTES) {
    throw data("This request is too large for the estimate form.", { status: 413 });
  }

  const limit = services.leadLimiter.hit(clientIp || "unknown");
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return data<EstimateActionResult>(
      {
        status: "error",
        message: `You have sent several requests in a short time. Please wait about ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or call us.`,
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await readLimitedText(request, MAX_FORM_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw data("This request is too large for the estimate form.", { status: 413 });
    }
    throw data("We could not read the form. Please try again.", { status: 400 });
  }

  const raw: Record<string, string> = {};
  for (const field of estimateFields) {
    const value = form.get(field);
    if (value !== null) raw[field] = value;
  }
  const parsed = parseEstimateRequest(raw);
  if (!parsed.success) {
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

  const spamReason = judgeSpam({
    honeypot: form.get(HONEYPOT_FIELD),
    token: form.get(FORM_TOKEN_FIELD),
    secret: services.secret,
    minAgeMs: config.env.FORM_MIN_SECONDS * 1000,
  });
  const request_ = parsed.data;
  const email = request_.email.toLowerCase();
  const leadsTo = config.env.LEADS_TO ?? company.email;
  const from = config.env.MAIL_FROM ?? `Website <no-reply@${new URL(config.publicUrl).hostname}>`;

  let sendConfirmation = false;
  if (!spamReason) {
    const recent = await countEmailJobsTo({
      db: database.db,
      recipient: email,
      kind: "lead-confirmation",
      since: new Date(Date.now() - 24 * 3600 * 1000),
    });
    sendConfirmation = recent < config.env.CONFIRMATIONS_PER_ADDRESS_PER_DAY;
  }

  // A signed-in customer sees the requests they sent on their profile.
  const account = await getUser(request, context);

  const { lead } = await createLeadWithJobs({
    db: database.db,
    lead: {
      fromName: request_.from_name,
      email,
      phone: request_.phone,
      subject: request_.subject,
      message: request_.message,
      source,
      isSpam: spamReason !== null,
      spamReason,
      ipHash: clientIp ? hashIp(services.secret, clientIp) : null,
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
      userId: account?.id ?? null,
    },
    giveUpAfterMs: config.env.MAIL_GIVE_UP_HOURS * 3600 * 1000,
    buildJobs: (stored: Lead): NewEmailJob[] => {
      if (stored.is_spam) return [];
      const jobs: NewEmailJob[] = [];
      const notificationTo = leadsTo;
      jobs.push({
        kind: "lead-notification",
        recipient: notificationTo.toLowerCase(),
        payload: leadNotificationMail(stored, { to: notificationTo, from, siteUrl: config.publicUrl }),
      });
      if (sendConfirmation) {
        jobs.push({
          kind: "lead-confirmation",
          recipient: email,
          payload: leadConfirmationMail(stored, { from, siteUrl: config.publicUrl }),
        });
      }
      return jobs;
    },
  });

  logger.info("lead stored", {
    requestId,
    leadId: lead.id,
    source,
    spam: spamReason ?? false,
    confirmation: sendConfirmation,
  });
  if (!spamReason) services.outbox.kick();

  // A caught bot hears the same as a person, so it learns nothing.
  return data<EstimateActionResult>({ status: "success", message: SUCCESS_MESSAGE }, { status: 200 });
}

/**
 * The routes' `headers`: React Router drops an action's headers (all but Set-Cookie) from the
 * document it renders after a plain form post unless the route passes them on. Keep the
 * 429's Retry-After; everything else stays as it would be without this export.
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

function judgeSpam({
  honeypot,
  token,
  secret,
  minAgeMs,
}: {
  honeypot: string | null;
  token: string | null;
  secret: string;
  minAgeMs: number;
}): string | null {
  if (honeypot && honeypot.trim() !== "") return "honeypot field filled";
  const check = checkFormToken(secret, token, { minAgeMs });
  if (check.ok) return null;
  if (check.reason === "too-fast") return `sent less than ${minAgeMs / 1000} s after the form was shown`;
  return check.reason === "missing" ? "form token missing" : "form token invalid";
}

/** The IP address itself is not stored; its keyed hash is enough to see floods. */
function hashIp(secret: string, ip: string): string {
  return createHmac("sha256", secret).update(`ip:${ip}`).digest("base64url").slice(0, 22);
}

function clip(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 6000)]));
}

class BodyTooLargeError extends Error {}

/** Reads a request body as text, failing once it passes `limit` bytes (whatever Content-Length said). */
async function readLimitedText(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}
