export type VisitIntent = "visit-schedule" | "visit-reschedule" | "visit-cancel" | "confirm-booking" | "decline-booking";

/** What the lead page's action answers for the visit forms (a sentence, or a refusal). */
export interface VisitActionResult {
  intent?: string | null;
  ok?: true;
  message?: string;
  error?: string;
  values?: Record<string, string>;
}

export interface LeadVisitData {
  lengths: { value: number; label: string }[];
  defaultMinutes: number;
  suggestedDate: string;
  today: string;
  noteMaxLength: number;
  last: string | null;
  current: {
    id: string;
    /** Booked online by the homeowner, waiting for Confirm or Decline. */
    pending: boolean;
    /** Booked online (confirmed, or still waiting). */
    bookedOnline: boolean;
    /** "Sat, Dec 5, 8:00–10:00 AM". */
    label: string;
    day: string;
    window: string;
    startsAtIso: string;
    minutes: number;
    note: string | null;
    changes: number;
    date: string;
    time: string;
  } | null;
}
