/**
 * The public side of accounts against the real built server: the three policy pages (public,
 * indexable, in the sitemap, page-cached, no JavaScript), the footer's account and policy links
 * for visitors, customers and admins, and cached pages that stay anonymous.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, stopAllServers, withoutVisitNote, type ServerProcess } from "#tests/support/server.ts";
import { footerHtml, getPage, mainText } from "#tests/support/account-pages.ts";
import { createTestAccount, type TestAccount } from "#tests/support/accounts.ts";
import { defaultProfile } from "#app/content/company.ts";

const PUBLIC_URL = "http://www.remodel.test";
let site: ServerProcess;
let customer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  site = await startServer({ env: { PUBLIC_URL } });
  customer = await createTestAccount({ dataDir: site.dataDir });
  admin = await createTestAccount({ dataDir: site.dataDir }, { role: "admin" });
});

afterAll(async () => {
  await stopAllServers();
});

const policies = [
  { path: "/terms", h1: "Terms of Use", mentions: ["estimate", "written quote", "Texas"] },
  { path: "/privacy", h1: "Data Policy", mentions: ["name, email address, phone number", "mail provider", "delete"] },
  {
    path: "/cookies",
    h1: "Cookies Policy",
    mentions: ["session", "HttpOnly", "30 days", "Google", "No analytics, tracking, advertising"],
  },
];

describe("the policy pages", () => {
  for (const { path, h1, mentions } of policies) {
    test(`${path}: a real page, indexable, page-cached, without JavaScript`, async () => {
      const first = await getPage(site, path);
      expect(first.status).toBe(200);
      expect(first.text).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`));
      const text = mainText(first.text);
      for (const words of mentions) expect(text, words).toContain(words);
      // How to ask for deletion or ask a question: the company's address.
      expect(first.text).toContain(`href="mailto:${defaultProfile.publicEmail}"`);
      expect(text.length).toBeGreaterThan(1200);
      expect(first.text).not.toContain('name="robots"');
      expect(first.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}"/>`);
      expect(withoutVisitNote(first.text)).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
      expect(first.headers["x-page-cache"]).toBe("MISS");
      expect((await getPage(site, path)).headers["x-page-cache"]).toBe("HIT");
    });
  }

  test("each is in the sitemap", async () => {
    const sitemap = await getPage(site, "/sitemap.xml");
    for (const { path } of policies) expect(sitemap.text).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
  });

  test("the cookies page names the two cookies the site sets and no other", async () => {
    const html = (await getPage(site, "/cookies")).text;
    const names = [...html.matchAll(/<td><code>([^<]+)<\/code><\/td>/g)].map((m) => m[1]);
    expect(names).toEqual(["session", "oidc"]);
  });
});

/** The footer's account column. */
const accountColumn = (html: string) => /aria-label="Footer: Account"[\s\S]*?<\/nav>/.exec(footerHtml(html))?.[0] ?? "";
/** Every link of an HTML fragment as "label → href". */
const links = (html: string) => [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[2]} → ${m[1]}`);

describe("the footer", () => {
  test("a visitor sees 'Log in' and the policy links, on cached and fresh pages", async () => {
    for (const path of ["/about", "/about", "/login", "/terms"]) {
      const html = (await getPage(site, path)).text;
      expect(links(accountColumn(html)), path).toEqual(["Log in → /login"]);
      const policiesNav = /aria-label="Footer: Policies"[\s\S]*?<\/nav>/.exec(footerHtml(html))?.[0] ?? "";
      expect(links(policiesNav), path).toEqual(["Terms → /terms", "Data Policy → /privacy", "Cookies Policy → /cookies"]);
    }
  });

  test("a customer sees 'My account'; an admin also 'Admin'; neither page is served from or put in the cache", async () => {
    const asCustomer = await getPage(site, "/about", customer.cookie);
    expect(asCustomer.headers["x-page-cache"]).toBeUndefined();
    expect(links(accountColumn(asCustomer.text))).toEqual(["My account → /profile"]);
    const asAdmin = await getPage(site, "/about", admin.cookie);
    expect(links(accountColumn(asAdmin.text))).toEqual(["My account → /profile", "Admin → /admin"]);
    const onProfile = await getPage(site, "/profile", admin.cookie);
    expect(links(accountColumn(onProfile.text))).toEqual(["My account → /profile", "Admin → /admin"]);
    // The cached copy is still the anonymous one.
    const anonymous = await getPage(site, "/about");
    expect(anonymous.headers["x-page-cache"]).toBe("HIT");
    expect(links(accountColumn(anonymous.text))).toEqual(["Log in → /login"]);
    expect(anonymous.text).not.toContain(admin.user.name);
  });
});
