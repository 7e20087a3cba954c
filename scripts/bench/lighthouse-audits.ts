/** What a Lighthouse run failed, with a few of the elements or URLs each failing audit points at. */
import type { Result as LighthouseResult } from "lighthouse";
import { kb } from "#scripts/bench/format.ts";
import { itemsOf } from "#scripts/bench/lighthouse-scripts.ts";

/** Lighthouse's categories, and how the table heads them. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export const CATEGORY_LABELS: Record<string, string> = {
  performance: "Perf",
  accessibility: "A11y",
  "best-practices": "BP",
  seo: "SEO",
};
/** What Lighthouse's own report counts as passed (green). */
export const PASS_SCORE = 0.9;

export interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  /** A few of the elements or URLs the audit points at. */
  examples: string[];
}

/** Pulls a short, human-readable pointer out of one item of an audit's details. */
function describeItem(item: Record<string, unknown>): string[] {
  // A section of a "list" (network dependency tree, checklists…).
  if (item.type === "list-section" || item.type === "checklist" || item.type === "network-tree") {
    const value = (item.type === "list-section" ? item.value : item) as Record<string, unknown> | undefined;
    if (value?.type === "network-tree") return describeChains(value.chains as Record<string, Chain> | undefined);
    if (value?.type === "checklist") {
      const checks = Object.values((value.items ?? {}) as Record<string, { label?: string; value?: boolean }>);
      return checks.filter((c) => c.value === false).map((c) => `not done: ${c.label ?? "?"}`);
    }
    return [];
  }
  if (item.type === "table" || item.type === "list") {
    return Array.isArray(item.items) ? (item.items as Record<string, unknown>[]).flatMap(describeItem) : [];
  }
  const node = (item.node ?? item.element ?? (item.type === "node" ? item : undefined)) as
    { snippet?: string; selector?: string; nodeLabel?: string } | undefined;
  if (node && typeof node === "object" && (node.snippet || node.selector)) {
    const where = node.selector ? `${node.selector}: ` : "";
    return [`${where}${node.snippet ?? node.nodeLabel ?? ""}`.slice(0, 240)];
  }
  const location = (item.sourceLocation ?? item.source) as { url?: string; line?: number } | string | undefined;
  const description = typeof item.description === "string" ? item.description : undefined;
  if (location && typeof location === "object" && location.url) {
    return [`${location.url}${description ? ` (${description.slice(0, 160)})` : ""}`];
  }
  const ms = ["reflowTime", "wastedMs", "duration"].map((key) => item[key]).find((v) => typeof v === "number");
  const bytes =
    typeof item.wastedBytes === "number" && typeof item.totalBytes === "number" && item.wastedBytes >= 1024
      ? ` (${kb(item.wastedBytes)} of ${kb(item.totalBytes)} KiB wasted)`
      : "";
  const suffix = (typeof ms === "number" ? ` (${Math.round(ms)} ms)` : "") + bytes;
  if (location && typeof location === "object" && "value" in location && typeof location.value === "string") {
    return [`${location.value}${suffix}`];
  }
  for (const key of ["url", "description", "label", "directive"]) {
    const value = item[key];
    if (typeof value === "string" && value) return [`${value.slice(0, 240)}${suffix}`];
  }
  return [];
}

interface Chain {
  url: string;
  navStartToEndTime?: number;
  isLongest?: boolean;
  children?: Record<string, Chain>;
}

/** The longest request chain, as "a → b → c (770 ms)". */
function describeChains(chains: Record<string, Chain> | undefined): string[] {
  const urls: string[] = [];
  let end = 0;
  let level = chains;
  while (level) {
    const nodes = Object.values(level);
    const next = nodes.find((n) => n.isLongest) ?? nodes[0];
    if (!next) break;
    urls.push(next.url);
    end = next.navStartToEndTime ?? end;
    level = next.children && Object.keys(next.children).length > 0 ? next.children : undefined;
  }
  return urls.length > 1 ? [`longest chain (${Math.round(end)} ms): ${urls.join(" → ")}`] : [];
}

export function failingAudits(lhr: LighthouseResult): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    const cat = lhr.categories[category];
    if (!cat) continue;
    for (const ref of cat.auditRefs) {
      if (ref.group === "hidden") continue;
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const mode = audit.scoreDisplayMode;
      if (mode === "manual" || mode === "notApplicable" || mode === "informative") continue;
      if (mode !== "error" && audit.score !== null && audit.score >= PASS_SCORE) continue;
      const examples = itemsOf(lhr, ref.id).flatMap(describeItem);
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        scoreDisplayMode: mode,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        examples,
      });
    }
  }
  return failing;
}
