/**
 * The account pages against the real server (server.ts): post their forms as a browser
 * without JavaScript does (same-origin, form-encoded), follow the session cookie, read the
 * messages a page shows (users and sessions in the server's database: site-db.ts).
 */
import { request, type HttpResult, type ServerProcess } from "#tests/support/server.ts";

/** A form post from the site's own page: same Origin, form-encoded, optional session cookie. */
export function postForm(
  site: ServerProcess,
  pathAndQuery: string,
  fields: Record<string, string>,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const body = new URLSearchParams(fields).toString();
  return request(`${site.url}${pathAndQuery}`, {
    method: "POST",
    headers: {
      origin: site.url,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      "user-agent": "account-integration-test",
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body,
  });
}

export function getPage(site: ServerProcess, pathAndQuery: string, cookie?: string): Promise<HttpResult> {
  return request(`${site.url}${pathAndQuery}`, { headers: cookie ? { cookie } : {} });
}

/** The Set-Cookie lines of a response. */
export function setCookies(res: HttpResult): string[] {
  const value = res.headers["set-cookie"];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** `session=<id>` from a response that signed someone in, ready for a Cookie header; else null. */
export function sessionCookie(res: HttpResult): string | null {
  for (const line of setCookies(res)) {
    const match = /^session=([A-Za-z0-9_-]{43});/.exec(line);
    if (match) return `session=${match[1]}`;
  }
  return null;
}

/** A Set-Cookie that deletes the session cookie. */
export function clearsSession(res: HttpResult): boolean {
  return setCookies(res).some((line) => line.startsWith("session=;") && line.includes("Max-Age=0"));
}

/** Location as a path with query (redirects here are same-site). */
export function locationOf(res: HttpResult, site: ServerProcess): string {
  const location = res.headers.location;
  if (!location) return "";
  const url = new URL(location, site.url);
  return url.origin === site.url ? url.pathname + url.search : url.href;
}

/** Visible text of an HTML fragment, with entities decoded and whitespace collapsed. */
export function textOf(html: string): string {
  return (
    html
      .replace(/<!-- -->/g, "")
      // Inline elements join their text to the words around them; the others separate it.
      .replace(/<\/?(?:a|strong|em|b|span|code|time)\b[^>]*>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The texts of every element with this role (they are divs in these pages). */
export function roleTexts(html: string, role: "alert" | "status"): string[] {
  return [...html.matchAll(new RegExp(`<div[^>]*role="${role}"[^>]*>([\\s\\S]*?)</div>`, "g"))].map((m) => textOf(m[1] ?? ""));
}

/** The <main> of a page, as text. */
export function mainText(html: string): string {
  return textOf(/<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? "");
}

/** The <footer> of a page. */
export function footerHtml(html: string): string {
  return /<footer[^>]*>([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? "";
}

export interface InputInfo {
  /** Attributes of the <input>, names lower-cased. */
  attributes: Record<string, string>;
  /** The error text wired to it with aria-describedby, if any. */
  error: string | null;
  /** Every text wired to it with aria-describedby. */
  described: string[];
}

/** The <input name=...> of a page, its attributes and what aria-describedby points at. */
export function inputNamed(html: string, name: string): InputInfo | null {
  for (const match of html.matchAll(/<input\b([^>]*)\/?>/g)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? "").matchAll(/([A-Za-z-]+)(?:="([^"]*)")?/g)) {
      attributes[attribute[1]!.toLowerCase()] = attribute[2] ?? "";
    }
    if (attributes.name !== name) continue;
    const ids = (attributes["aria-describedby"] ?? "").split(/\s+/).filter(Boolean);
    const described = ids.map((id) => textOf(new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1] ?? ""));
    const errorId = ids.find((id) => id.endsWith("-error"));
    const error = errorId ? textOf(new RegExp(`id="${errorId}"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1] ?? "") : null;
    return { attributes, error, described };
  }
  return null;
}
