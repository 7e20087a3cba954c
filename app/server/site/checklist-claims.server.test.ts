import { describe, expect, test } from "vitest";
import { defaultProfile } from "#app/content/company.ts";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import { mergeProfile } from "#app/server/site/profile.server.ts";
import { claimsCheck, oldDefaultClaims, unconfirmedOldClaims } from "#app/server/site/checklist-claims.server.ts";

const everything: BusinessProfile = {
  ...defaultProfile,
  yearsInBusiness: 12,
  licences: [{ label: "TDLR electrical contractor", number: "TECL 12345" }],
  insurance: "General liability insurance up to $1,000,000.",
  warranty: "Two-year written warranty on all labor.",
  permits: "We apply for the permits your job needs.",
  paymentTerms: "A deposit, then payments as the work is done.",
  familyRun: true,
  claimsReviewed: true,
};

describe("the claims item", () => {
  test("a fresh install: optional, naming every claim left out and the field that adds it", () => {
    const check = claimsCheck(defaultProfile);
    expect(check).toMatchObject({ id: "claims", status: "optional", href: "/admin/site" });
    expect(check.detail).toBe(
      "It says nothing about years in business, licences, insurance, a warranty, permits, payment terms or being family-run, because you have not entered them.",
    );
    expect(check.fix).toBe(
      "Add only what is true, in the business profile: Years in business, Licences and registrations, Insurance, Warranty, Permits, Payment terms and “The business is family-run”.",
    );
  });

  test("some entered: says what shows, and lists only what is left out", () => {
    const check = claimsCheck({ ...defaultProfile, insurance: everything.insurance, familyRun: true, claimsReviewed: true });
    expect(check.status).toBe("optional");
    expect(check.detail).toBe(
      "The site shows insurance and being family-run as you entered them. It says nothing about years in business, licences, a warranty, permits or payment terms, because you have not entered them.",
    );
    expect(check.fix).toBe(
      "Add only what is true, in the business profile: Years in business, Licences and registrations, Warranty, Permits and Payment terms.",
    );
    expect(claimsCheck({ ...everything, permits: "" }).detail).toMatch(/It says nothing about permits, because you have not entered it\.$/);
  });

  test("all entered: done", () => {
    expect(claimsCheck(everything)).toMatchObject({ status: "done", fix: "Change them in the business profile." });
    expect(claimsCheck(everything).detail).toMatch(
      /^The site shows years in business, licences, .* and being family-run as you entered them\.$/,
    );
  });

  test("an older install that stored the old default claims and never saved the form since: to do, quoting them", () => {
    // What the first-run step of older versions stored: the whole profile, the old defaults with it.
    const stored = mergeProfile({ name: "Bayou City Builders", ...oldDefaultClaims });
    expect(stored.claimsReviewed).toBe(false);
    expect(unconfirmedOldClaims(stored)).toEqual([
      "20 years in business",
      "“Our crews are licensed and insured.”",
      "“Our workmanship is covered by a written warranty.”",
    ]);
    const check = claimsCheck(stored);
    expect(check.status).toBe("todo");
    expect(check.detail).toBe(
      "The site shows 20 years in business, “Our crews are licensed and insured.” and “Our workmanship is covered by a written warranty.”: words it came with, not ones you entered.",
    );
    expect(check.fix).toMatch(/correct or clear Years in business, Insurance and Warranty, and save it/);
  });

  test("the same values saved from the whole form are the owner's: no longer to do", () => {
    const reviewed = mergeProfile({ ...oldDefaultClaims, claimsReviewed: true });
    expect(unconfirmedOldClaims(reviewed)).toEqual([]);
    expect(claimsCheck(reviewed).status).toBe("optional");
  });

  test("an older value that differs from the old default was typed by the owner: kept, not flagged", () => {
    const stored = mergeProfile({ yearsInBusiness: 7, insurance: "Insured with Texas Mutual.", warranty: oldDefaultClaims.warranty });
    expect(stored).toMatchObject({ yearsInBusiness: 7, insurance: "Insured with Texas Mutual." });
    expect(unconfirmedOldClaims(stored)).toEqual(["“Our workmanship is covered by a written warranty.”"]);
  });
});

describe("an older stored profile, read over the new defaults", () => {
  test("a field it never stored claims nothing now; what it stored is kept", () => {
    const profile = mergeProfile({ name: "Bayou City Builders", insurance: "Insured with Texas Mutual." });
    expect(profile).toMatchObject({
      yearsInBusiness: null,
      warranty: "",
      permits: "",
      paymentTerms: "",
      familyRun: false,
      claimsReviewed: false,
      insurance: "Insured with Texas Mutual.",
    });
  });

  test("values of the wrong shape read as the defaults", () => {
    expect(mergeProfile({ familyRun: "yes", permits: 3, paymentTerms: null })).toMatchObject({
      familyRun: false,
      permits: "",
      paymentTerms: "",
    });
  });
});
