import { expect, test } from "vitest";
import { isLeadStatus, leadStatusFilters, leadStatusLabels, leadStatuses } from "#app/schemas/lead.ts";
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
