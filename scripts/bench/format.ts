import type { Budget, Table } from "#scripts/bench/types.ts";

/** Aligns a table in plain text: numbers to the right, text to the left. */
export function renderTable(table: Table): string {
  const cells = [table.columns, ...table.rows.map((row) => row.map((cell) => String(cell)))];
  const numeric = table.columns.map((_, i) =>
    table.rows.every((row) => typeof row[i] === "number" || /^[-+]?[\d.,]+\s*[%×x]?$|^[-–]$/.test(String(row[i] ?? ""))),
  );
  const widths = table.columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric[i] && i > 0 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const out: string[] = [];
  if (table.title) out.push(table.title);
  out.push(line(table.columns));
  out.push(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells.slice(1)) out.push(line(row));
  return out.join("\n");
}

/** 12345.6 → "12,346"; keeps `digits` decimals. */
export function num(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function kb(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "–";
  return `${(bytes / 1024).toFixed(1)}`;
}

/** "Budget: <label>: 512.3 KB (budget 600 KB): within budget". */
export function renderBudget(budget: Budget): string {
  const within = budget.value <= budget.limit;
  const kind = budget.enforced ? "enforced budget" : "budget";
  return `Budget: ${budget.label}: ${budget.value} ${budget.unit} (${kind} ${budget.limit} ${budget.unit}): ${within ? "within budget" : "OVER BUDGET"}`;
}

/**
 * Budget lines: each reported budget, and the enforced ones (one per page and language) as a
 * count with only those over their budget spelled out.
 */
export function renderBudgets(budgets: readonly Budget[]): string[] {
  const enforced = budgets.filter((budget) => budget.enforced === true);
  const lines = budgets.filter((budget) => budget.enforced !== true).map(renderBudget);
  if (enforced.length > 0) {
    const over = overBudget(enforced);
    lines.push(`Enforced budgets: ${enforced.length} checked, ${over.length === 0 ? "all within budget" : `${over.length} OVER BUDGET`}`);
    lines.push(...over.map(renderBudget));
  }
  return lines;
}

/** The enforced budgets a figure exceeds: each fails the bench. */
export function overBudget(budgets: readonly Budget[]): Budget[] {
  return budgets.filter((budget) => budget.enforced === true && budget.value > budget.limit);
}

export function seconds(ms: number): string {
  const s = ms / 1000;
  return s < 90 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}
