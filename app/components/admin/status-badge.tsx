import type { LeadStatus } from "~/server/db/schema.server";
import { leadStatusLabels } from "./labels";

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{leadStatusLabels[status]}</span>;
}
