import { leadStatusLabels, type LeadStatus } from "#app/schemas/lead.ts";

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{leadStatusLabels[status]}</span>;
}
