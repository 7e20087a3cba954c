import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { callBarFor } from "#app/components/call-bar.tsx";

/** Route ids as React Router gives them: the explicit id, or the file's path without its extension. */
function routeIds(entries: readonly RouteConfigEntry[]): { id: string; file: string }[] {
  return entries.flatMap((entry) => [
    { id: entry.id ?? entry.file.replace(/\.[^.]+$/, ""), file: entry.file },
    ...routeIds(entry.children ?? []),
  ]);
}

const table = routeIds(routes);
const root = { id: "root" };

describe("callBarFor", () => {
  it("shows the bar on every public page and on no admin or account page", () => {
    for (const route of table) {
      const { show } = callBarFor([root, { id: route.id }]);
      expect(show, route.file).toBe(!/^routes\/(admin|auth)\//.test(route.file));
    }
    // An admin page under its layout route.
    expect(callBarFor([root, { id: "routes/admin/layout" }, { id: "routes/admin/leads" }]).show).toBe(false);
  });

  it("knows the two pages with the estimate form by their route ids, which the route table has", () => {
    const formPages = table.filter((route) => callBarFor([root, { id: route.id }]).formPage).map((route) => route.file);
    // Each with its Spanish twin (ADR 064).
    expect(formPages.toSorted()).toEqual([
      "routes/public/contact.tsx",
      "routes/public/contact.tsx",
      "routes/public/home.tsx",
      "routes/public/home.tsx",
    ]);
    expect(callBarFor([root, { id: "service-bathroom" }])).toEqual({ show: true, formPage: false, inlineWatch: false });
  });

  it("watches the form with its own inline script on /contact, and leaves the home page's to the form's file", () => {
    const contact = table.find((route) => route.file === "routes/public/contact.tsx")!;
    const home = table.filter((route) => route.file === "routes/public/home.tsx");
    expect(callBarFor([root, { id: contact.id }]).inlineWatch).toBe(true);
    expect(home).toHaveLength(2);
    for (const route of home) expect(callBarFor([root, { id: route.id }])).toEqual({ show: true, formPage: true, inlineWatch: false });
  });
});
