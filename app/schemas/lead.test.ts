import { expect, test } from "vitest";
import { isLeadStatus, leadReference, leadStatusFilters, leadStatusLabels, leadStatuses, parseLeadReference } from "#app/schemas/lead.ts";
import { emailJobKinds, emailJobStatuses, emailKindLabels, emailStatusLabels } from "#app/schemas/email-job.ts";

test("the admin pages have a label for exactly the statuses the database stores, in the same order", () => {
  expect(Object.keys(leadStatusLabels)).toEqual([...leadStatuses]);
  expect(leadStatusFilters).toEqual(["open", ...leadStatuses, "all"]);
});

test("only stored statuses are statuses", () => {
  for (const status of leadStatuses) expect(isLeadStatus(status)).toBe(true);
  for (const other of ["open", "all", "", "New", null, undefined, 3]) expect(isLeadStatus(other)).toBe(false);
});

test("every email kind and delivery status has a label", () => {
  expect(Object.keys(emailKindLabels)).toEqual([...emailJobKinds]);
  expect(Object.keys(emailStatusLabels)).toEqual([...emailJobStatuses]);
});

test("a lead's reference is the first 8 characters of its id, upper-cased", () => {
  expect(leadReference("cb7eef73-1c2d-4e5f-8a9b-0c1d2e3f4a5b")).toBe("CB7EEF73");
});

test.each([
  ["CB7EEF73", "cb7eef73"],
  ["cb7eef73", "cb7eef73"],
  ["#CB7EEF73", "cb7eef73"],
  ["# cb7EEf73 ", "cb7eef73"],
  ["CB7E-EF73", "cb7eef73"],
  ["cb7e ef73", "cb7eef73"],
  ["12345678", "12345678"],
])("%j names the reference %s", (text, prefix) => {
  expect(parseLeadReference(text)).toBe(prefix);
});

test.each(["", "#", "CB7EEF7", "CB7EEF733", "CB7EEF7G", "##CB7EEF73", "CB7EEF73 please", "CB-7EEF73", "Heights Blvd"])(
  "%j is not a reference",
  (text) => {
    expect(parseLeadReference(text)).toBeNull();
  },
);

test("what leadReference makes, parseLeadReference reads back as the start of the id", () => {
  const id = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
  expect(id.startsWith(parseLeadReference(`#${leadReference(id)}`)!)).toBe(true);
});
