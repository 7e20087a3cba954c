import { describe, expect, test } from "vitest";
import { hasSpanishPage, localProjectHref, ownText, projectPageLocale } from "#app/i18n/projects.ts";
import { englishPathOf, localePath, pathAlternates, spanishRoutePaths, twinPath } from "#app/i18n/paths.ts";

const project = (titleEs: string, descriptionEs: string) => ({ slug: "open-kitchen", titleEs, descriptionEs });

describe("a project's Spanish page (ADR 064)", () => {
  test("exists only once both the title and the story are in Spanish", () => {
    expect(hasSpanishPage(project("Cocina abierta", "Quitamos la pared."))).toBe(true);
    expect(hasSpanishPage(project("Cocina abierta", ""))).toBe(false);
    expect(hasSpanishPage(project("", "Quitamos la pared."))).toBe(false);
    expect(hasSpanishPage(project("  ", " \n "))).toBe(false);
  });

  test("links from a Spanish page go to it when it exists, else to the English page; English pages always link to English", () => {
    expect(localProjectHref("es", project("Cocina abierta", "Quitamos la pared."))).toBe("/es/proyectos/open-kitchen");
    expect(localProjectHref("es", project("Cocina abierta", ""))).toBe("/projects/open-kitchen");
    expect(localProjectHref("en", project("Cocina abierta", "Quitamos la pared."))).toBe("/projects/open-kitchen");
    expect(projectPageLocale("es", project("Cocina abierta", ""))).toBe("en");
    expect(projectPageLocale("es", project("Cocina abierta", "Quitamos la pared."))).toBe("es");
    expect(projectPageLocale("en", project("Cocina abierta", "Quitamos la pared."))).toBe("en");
  });

  test("the owner's text: Spanish when written, else English marked as such on a Spanish page", () => {
    expect(ownText("es", "Open kitchen", "Cocina abierta")).toEqual({ text: "Cocina abierta" });
    expect(ownText("es", "Open kitchen", " ")).toEqual({ text: "Open kitchen", lang: "en" });
    expect(ownText("es", "", "")).toEqual({ text: "" });
    expect(ownText("en", "Open kitchen", "Cocina abierta")).toEqual({ text: "Open kitchen" });
  });
});

describe("the projects' addresses", () => {
  test("/projects and each project's page have Spanish twins under /es/proyectos", () => {
    expect(localePath("es", "/projects")).toBe("/es/proyectos");
    expect(localePath("es", "/projects?service=kitchen&page=2")).toBe("/es/proyectos?service=kitchen&page=2");
    expect(localePath("es", "/projects/open-kitchen")).toBe("/es/proyectos/open-kitchen");
    expect(englishPathOf("/es/proyectos/open-kitchen")).toBe("/projects/open-kitchen");
    expect(twinPath("/projects/open-kitchen")).toBe("/es/proyectos/open-kitchen");
    expect(twinPath("/es/proyectos")).toBe("/projects");
    expect(pathAlternates("/es/proyectos/open-kitchen")).toEqual({ en: "/projects/open-kitchen", es: "/es/proyectos/open-kitchen" });
    // "/projects/" alone is no project.
    expect(englishPathOf("/es/proyectos/")).toBeNull();
  });

  test("the route table mounts both Spanish project routes", () => {
    const routes = spanishRoutePaths();
    expect(routes).toContainEqual({ en: "/projects", es: "/es/proyectos" });
    expect(routes).toContainEqual({ en: "/projects/:slug", es: "/es/proyectos/:slug" });
  });
});
