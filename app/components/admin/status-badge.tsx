import { leadStatusLabels, type LeadStatus } from "~/schemas/lead";

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{leadStatusLabels[status]}</span>;
}
