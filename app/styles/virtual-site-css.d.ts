/** The public stylesheet in parts, made by scripts/css-parts.ts (ADR 065): [group, css], in order. */
declare module "virtual:site-css" {
  export const parts: readonly (readonly [group: string, css: string])[];
}
