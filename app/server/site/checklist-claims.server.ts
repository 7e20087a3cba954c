/**
 * The go-live checklist's item about claims (ADR 056): years, licences, insurance, warranty,
 * permits, payment terms and "family-run" show only as the owner entered them. Leaving one out
 * is honest, so a missing claim is "optional"; what is "to do" is an older install still showing
 * a sentence the site came with, which no one ever confirmed.
 */
import type { BusinessProfile } from "#app/schemas/site-rules.ts";

/**
 * The claims older versions made by default. The first-run step stored the whole profile, so an
 * older install keeps them as stored values until the owner saves the profile form.
 */
export const oldDefaultClaims = {
  yearsInBusiness: 20,
  insurance: "Our crews are licensed and insured.",
  warranty: "Our workmanship is covered by a written warranty.",
} as const;

interface Claim {
  /** As the item's sentences name it: "years in business". */
  name: string;
  /** The field on /admin/site that sets it. */
  field: string;
  isEntered(profile: BusinessProfile): boolean;
}

const claims: readonly Claim[] = [
  { name: "years in business", field: "Years in business", isEntered: (p) => p.yearsInBusiness !== null && p.yearsInBusiness > 0 },
  { name: "licences", field: "Licences and registrations", isEntered: (p) => p.licences.length > 0 },
  { name: "insurance", field: "Insurance", isEntered: (p) => p.insurance !== "" },
  { name: "a warranty", field: "Warranty", isEntered: (p) => p.warranty !== "" },
  { name: "permits", field: "Permits", isEntered: (p) => p.permits !== "" },
  { name: "payment terms", field: "Payment terms", isEntered: (p) => p.paymentTerms !== "" },
  { name: "being family-run", field: "“The business is family-run”", isEntered: (p) => p.familyRun },
];

/** The shape of a checklist item (checklist.server.ts), declared here so neither file imports the other. */
export interface ClaimsCheck {
  id: "claims";
  label: string;
  status: "done" | "todo" | "optional";
  detail: string;
  fix: string;
  href: "/admin/site";
}

/** The old default claims an older install still shows because its owner never saved the form since. */
export function unconfirmedOldClaims(profile: BusinessProfile): string[] {
  if (profile.claimsReviewed) return [];
  return [
    profile.yearsInBusiness === oldDefaultClaims.yearsInBusiness ? `${oldDefaultClaims.yearsInBusiness} years in business` : null,
    profile.insurance === oldDefaultClaims.insurance ? `“${oldDefaultClaims.insurance}”` : null,
    profile.warranty === oldDefaultClaims.warranty ? `“${oldDefaultClaims.warranty}”` : null,
  ].filter((claim): claim is string => claim !== null);
}

export function claimsCheck(profile: BusinessProfile): ClaimsCheck {
  const base = { id: "claims", label: "Years, licences, insurance and other claims are yours", href: "/admin/site" } as const;
  const old = unconfirmedOldClaims(profile);
  if (old.length > 0) {
    return {
      ...base,
      status: "todo",
      detail: `The site shows ${joinWords(old)}: words it came with, not ones you entered.`,
      fix: "Open the business profile, correct or clear Years in business, Insurance and Warranty, and save it.",
    };
  }
  const entered = claims.filter((claim) => claim.isEntered(profile));
  const missing = claims.filter((claim) => !claim.isEntered(profile));
  const shown = entered.length > 0 ? `The site shows ${joinWords(entered.map((claim) => claim.name))} as you entered them. ` : "";
  if (missing.length === 0) {
    return { ...base, status: "done", detail: `${shown.trim()}`, fix: "Change them in the business profile." };
  }
  return {
    ...base,
    status: "optional",
    detail: `${shown}It says nothing about ${joinWords(
      missing.map((claim) => claim.name),
      "or",
    )}, because you have not entered ${missing.length === 1 ? "it" : "them"}.`,
    fix: `Add only what is true, in the business profile: ${joinWords(missing.map((claim) => claim.field))}.`,
  };
}

function joinWords(words: string[], last = "and"): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} ${last} ${words.at(-1)}`;
}
