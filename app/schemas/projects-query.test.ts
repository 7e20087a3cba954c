import { describe, expect, it } from "vitest";
import { parseProjectsQuery, projectsHref } from "#app/schemas/projects-query.ts";

const parse = (query: string) => parseProjectsQuery(new URLSearchParams(query));

describe("parseProjectsQuery", () => {
  it("reads a service and a page", () => {
    expect(parse("")).toEqual({ ok: true, service: null, page: 1 });
    expect(parse("service=Kitchen&page=3")).toEqual({ ok: true, service: "kitchen", page: 3 });
    expect(parse("service=")).toEqual({ ok: true, service: null, page: 1 });
  });

  it("answers 404 for a service we do not offer", () => {
    expect(parse("service=pools")).toMatchObject({ ok: false, status: 404 });
  });

  it("answers 400 with a sentence for a page that is not a whole number from 1", () => {
    for (const page of ["0", "-1", "two", "1.5", "", "01", "99999999"]) {
      const result = parse(`page=${page}`);
      expect(result, page).toMatchObject({ ok: false, status: 400 });
      expect(result.ok ? "" : result.message).toMatch(/page number/i);
    }
  });
});

describe("projectsHref", () => {
  it("leaves page 1 and no filter out of the address", () => {
    expect(projectsHref({ service: null, page: 1 })).toBe("/projects");
    expect(projectsHref({ service: "kitchen", page: 1 })).toBe("/projects?service=kitchen");
    expect(projectsHref({ service: "kitchen", page: 2 })).toBe("/projects?service=kitchen&page=2");
  });
});
