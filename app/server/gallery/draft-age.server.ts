/**
 * How old a draft is, and how long before the hourly clean-up removes it
 * (DRAFT_MAX_AGE_HOURS), in words for the admin gallery page. Worked out on the server so the
 * browser hydrates the same text.
 */
export interface DraftAge {
  /** "Uploaded 3 hours ago." */
  uploaded: string;
  /** "Removed in about 21 hours unless you publish it." */
  removal: string;
}

const HOUR_MS = 3_600_000;

function hours(n: number): string {
  return n === 1 ? "1 hour" : `${n} hours`;
}

export function draftAge(createdIso: string, now: Date, maxAgeHours: number): DraftAge {
  const created = new Date(createdIso).getTime();
  const ageMs = Number.isNaN(created) ? 0 : Math.max(0, now.getTime() - created);
  const ageHours = Math.floor(ageMs / HOUR_MS);
  const leftHours = Math.ceil((maxAgeHours * HOUR_MS - ageMs) / HOUR_MS);
  return {
    uploaded: ageHours < 1 ? "Uploaded less than an hour ago." : `Uploaded ${hours(ageHours)} ago.`,
    removal:
      leftHours <= 1 ? "Removed within the hour unless you publish it." : `Removed in about ${hours(leftHours)} unless you publish it.`,
  };
}
