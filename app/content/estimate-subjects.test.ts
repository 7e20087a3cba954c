import { describe, expect, it } from "vitest";
import { SOMETHING_ELSE } from "../schemas/estimate-rules.ts";
import { estimateSubjects } from "./estimate-subjects.ts";
import { serviceNames } from "./service-names.ts";
import { serviceSlugs } from "./types.ts";

describe("estimateSubjects", () => {
  it("lists every service by its one name, in the site's order, then Something else", () => {
    const subjects = estimateSubjects();
    expect(subjects).toEqual([...serviceSlugs.map((slug) => serviceNames[slug]), SOMETHING_ELSE]);
    expect(subjects[0]).toBe("Fences");
    expect(subjects.at(-1)).toBe("Something else");
    expect(new Set(subjects).size, "no name twice").toBe(subjects.length);
  });
});
