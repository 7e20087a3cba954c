/**
 * The estimate form as the benches post it: with photos of the job, as the page's multipart body
 * (the form's fields, a fresh form token, the photos as `photos` parts) for the benches that time
 * it (lead-photos, image-queue); or plain, the way a browser without JavaScript posts it (the
 * mail benches).
 */
import { multipartBody, type PhotoFile } from "#tests/support/job-photos.ts";
import { REQUEST_HEADERS } from "#scripts/bench/http.ts";
import type { SiteServer } from "#scripts/bench/types.ts";

/**
 * Posts /contact as a browser without JavaScript does: the page read for its form token, then the
 * form urlencoded. `n` numbers the request (its subject), `emailPrefix` names the bench in the
 * address. Throws unless the answer is the success page.
 */
export async function postPlainEstimate(server: SiteServer, { n, emailPrefix }: { n: number; emailPrefix: string }): Promise<void> {
  const page = `${server.url}/contact`;
  const html = await (await fetch(page, { headers: REQUEST_HEADERS })).text();
  const token = /<input\b[^>]*\bname="form_token"[^>]*\bvalue="([^"]*)"/.exec(html)?.[1];
  if (!token) throw new Error("no form_token on /contact");
  const response = await fetch(page, {
    method: "POST",
    headers: { ...REQUEST_HEADERS, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Referer: page },
    body: new URLSearchParams({
      from_name: "Bench Homeowner",
      email: `${emailPrefix}-${n}-${Date.now()}@example.com`,
      phone: "(713) 555-0147",
      subject: `Kitchen remodel ${n}`,
      message: "New cabinets and counters, please call after 5 pm.",
      company_website: "",
      form_token: token,
    }).toString(),
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes("Message sent successfully")) throw new Error(`POST /contact answered ${response.status}`);
}

/** A photo part: its name, its bytes and (a phone's JPEG unless said) its Content-Type. */
export type BenchPhoto = PhotoFile;

/**
 * Posts the form with `photos` to /contact and reads the whole answer; `mark` makes the request
 * findable. Throws unless the answer is the success (and, with `expect`, contains that text too).
 * Resolves with the milliseconds from sending to the end of the answer.
 */
export async function postEstimateWithPhotos(
  server: SiteServer,
  {
    mark,
    photos,
    headers = {},
    timeoutMs,
    expect,
  }: { mark: string; photos: BenchPhoto[]; headers?: Record<string, string>; timeoutMs: number; expect?: string },
): Promise<number> {
  const tokenRes = await fetch(`${server.url}/form-token`);
  const { token } = (await tokenRes.json()) as { token: string };
  const { body, contentType } = multipartBody(
    {
      from_name: "Bench Homeowner",
      email: `${mark}@home.test`,
      phone: "(713) 555-0147",
      subject: `Bathroom repair ${mark}`,
      message: "Water damage under the sink; photos attached.",
      company_website: "",
      form_token: token,
    },
    photos,
  );
  const started = performance.now();
  const response = await fetch(`${server.url}/contact.data`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": contentType, "Content-Length": String(body.length), ...headers },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || !text.includes("Message sent successfully") || (expect !== undefined && !text.includes(expect))) {
    throw new Error(`the request with photos answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return ms;
}
