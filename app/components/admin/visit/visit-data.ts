export type VisitIntent = "visit-schedule" | "visit-reschedule" | "visit-cancel";

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
