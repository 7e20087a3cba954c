/**
 * The estimate form with photos of the job, posted as the page's multipart body (the form's
 * fields, a fresh form token, the photos as `photos` parts) for the benches that time it
 * (lead-photos, image-queue).
 */
import { multipartBody, type PhotoFile } from "#tests/support/job-photos.ts";
import type { SiteServer } from "#scripts/bench/types.ts";

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
