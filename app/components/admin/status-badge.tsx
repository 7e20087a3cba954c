import { leadStatusLabels, type LeadStatus } from "#app/schemas/lead.ts";

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{leadStatusLabels[status]}</span>;
}

/**
 * A request sent from the Spanish site (ADR 064): the homeowner's emails go out in Spanish, and
 * the first call is best in Spanish too. The admin stays English; "Spanish" in the inbox's rows.
 */
export function PrefersSpanishBadge({ compact = false }: { compact?: boolean }) {
  return (
    <span className="status-badge language-badge" title={compact ? "Prefers Spanish: their emails are in Spanish" : undefined}>
      {compact ? "Spanish" : "Prefers Spanish"}
    </span>
  );
}
