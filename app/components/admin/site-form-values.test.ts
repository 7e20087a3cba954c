import { describe, expect, it } from "vitest";
import { siteFormValues } from "#app/components/admin/site-form-values.ts";

describe("siteFormValues", () => {
  const stored = { name: "Bayou City Builders", slogan: "" };

  it("shows what is stored when nothing was refused", () => {
    const { value, errors, field } = siteFormValues(stored, undefined);
    expect(value("name")).toBe("Bayou City Builders");
    expect(value("missing")).toBe("");
    expect(errors).toEqual({});
    expect(field("name")).toEqual({
      name: "name",
      defaultValue: "Bayou City Builders",
      error: undefined,
      className: "site-field",
    });
  });

  it("after a refusal, shows what was typed and each field's problem", () => {
    const result = {
      intent: "save",
      error: "Nothing was saved.",
      values: { name: "" },
      fieldErrors: { name: "Please enter the business name." },
    };
    const { value, field } = siteFormValues(stored, result);
    expect(value("name")).toBe("");
    // What was typed replaces the stored values whole: a field the post did not carry is empty.
    expect(value("slogan")).toBe("");
    expect(field("name").error).toBe("Please enter the business name.");
  });
});
