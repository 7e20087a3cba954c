import { expect, test } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { adminNavigation } from "#app/components/admin/admin-navigation.ts";

/** Every route's full path and its module, from the route table. */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    const own = entry.index || entry.path !== undefined ? [{ path: full || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

/**
 * The admin's pages: modules under routes/admin/ with a component (.tsx). The .ts ones answer
 * files, not pages: the CSV export, a job photo, the gallery's upload, the manifest, the service worker.
 */
const adminPages = flatten(routes).filter((route) => route.path.startsWith("/admin") && route.file.endsWith(".tsx"));
const menuPaths = adminNavigation.map((item) => item.to);

test("the route table has the admin pages this test expects to judge", () => {
  expect(adminPages.map((page) => page.path)).toEqual(
    expect.arrayContaining(["/admin", "/admin/leads", "/admin/leads/:leadId", "/admin/replies", "/admin/alerts", "/admin/site/texts"]),
  );
});

test("every admin page is in the menu, or is a page under one that is", () => {
  const unreachable = adminPages.filter(
    ({ path }) =>
      !menuPaths.includes(path) && !menuPaths.some((to) => to !== "/admin" && to.startsWith("/admin/") && path.startsWith(`${to}/`)),
  );
  expect(unreachable).toEqual([]);
});

test("the menu has Alerts and Replies, and every admin entry is a page of the route table", () => {
  expect(adminNavigation).toContainEqual({ to: "/admin/alerts", label: "Alerts" });
  expect(adminNavigation).toContainEqual({ to: "/admin/replies", label: "Replies" });
  for (const to of menuPaths.filter((path) => path.startsWith("/admin"))) {
    expect(
      adminPages.map((page) => page.path),
      to,
    ).toContain(to);
  }
  expect(new Set(menuPaths).size).toBe(menuPaths.length);
});
