/** The words the desk's pages show for a request's details, and what its one-tap links are built from. */
import type { Lead } from "#app/server/repos/leads.server.ts";
import { contactMethodLabels, type ContactMethod } from "#app/schemas/estimate-rules.ts";

/** What the admin asked for could not be done; `error` says why, in words for them. */
export interface Refused {
  outcome: "refused";
  error: string;
}

/** Inside, outside or unknown, in the words the admin pages use. */
export function serviceAreaLabel(inServiceArea: number | null): { short: string; long: string } | null {
  if (inServiceArea === null) return null;
  return inServiceArea ? { short: "in area", long: "in your service area" } : { short: "outside area", long: "outside your service area" };
}

export function contactMethodLabel(method: string | null): string | null {
  if (method === null) return null;
  return Object.hasOwn(contactMethodLabels, method) ? contactMethodLabels[method as ContactMethod] : method;
}

/** What the one-tap links are built from. */
export function contactFields(lead: Lead, businessName: string) {
  return {
    name: lead.from_name,
    email: lead.email,
    phone: lead.phone,
    subject: lead.subject,
    zip: lead.zip,
    streetAddress: lead.street_address,
    businessName,
  };
}
