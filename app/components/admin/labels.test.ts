import { expect, test } from "vitest";
import { leadStatuses } from "~/server/db/schema.server";
import { leadStatusLabels, leadStatusOrder } from "./labels";

test("the admin pages offer exactly the statuses the database stores, in the same order", () => {
  expect(leadStatusOrder).toEqual(leadStatuses);
  expect(Object.keys(leadStatusLabels).toSorted()).toEqual(leadStatuses.toSorted());
});
