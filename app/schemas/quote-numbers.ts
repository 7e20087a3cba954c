/**
 * The numbers the quote builder reads from typed text (ADR 066): dollars and cents, quantities in
 * thousandths, percentages in basis points. Each is parsed from the digits themselves, never
 * through floating point ("0.29" × 100 is 28.999… in a double; here it is 29), so what the
 * contractor typed is exactly what the homeowner signs. Plain functions: the browser's live
 * totals use them too.
 */

/** Digits with optional thousands separators ("1,250" or "1250"), then an optional fraction. */
const DECIMAL = /^(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?|\.(\d+))$/;

/**
 * `text` as an integer count of 1/10^places: "1,250.5" with 2 places is 125050. Null when it is
 * not a plain non-negative decimal (a sign, an exponent, misplaced commas, more decimals than
 * `places` unless they are zeros) or is beyond a safe integer.
 */
export function parseScaledDecimal(text: string, places: number): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? "").replaceAll(",", "") || "0";
  let fraction = match[2] ?? match[3] ?? "";
  // "1250.500": the digits past what is kept must be zeros, or the value would be silently rounded.
  if (fraction.length > places) {
    if (/[^0]/.test(fraction.slice(places))) return null;
    fraction = fraction.slice(0, places);
  }
  const value = BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, "0") || "0");
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
}

/** Dollars typed as "1,250.50", "$1250.5" or "0.29": integer cents, or null. */
export function parseDollarsToCents(text: string): number | null {
  return parseScaledDecimal(text.trim().replace(/^\$\s*/, ""), 2);
}

/** A quantity typed as "1.5" or "2,000": thousandths, or null. */
export function parseQuantityMilli(text: string): number | null {
  return parseScaledDecimal(text, 3);
}

/** A percentage typed as "8.25" or "8.25 %": basis points (825), or null. */
export function parsePercentBasisPoints(text: string): number | null {
  return parseScaledDecimal(text.trim().replace(/\s*%$/, ""), 2);
}

/** `value` (an integer of 1/10^places) as typed text, without trailing zeros past `minPlaces`. */
export function formatScaledDecimal(value: number, places: number, { minPlaces = 0, grouping = false } = {}): string {
  const scale = 10 ** places;
  const whole = Math.floor(value / scale);
  let fraction = String(value % scale).padStart(places, "0");
  while (fraction.length > minPlaces && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const wholeText = grouping ? whole.toLocaleString("en-US") : String(whole);
  return fraction ? `${wholeText}.${fraction}` : wholeText;
}

/** Cents as the builder's field shows them: "1250.50", "0.29", "12.00". */
export function centsToInput(cents: number): string {
  return formatScaledDecimal(cents, 2, { minPlaces: 2 });
}

/** Cents as a total reads: "$1,250.50". */
export function formatDollars(cents: number): string {
  return `$${formatScaledDecimal(cents, 2, { minPlaces: 2, grouping: true })}`;
}

/** Thousandths as a quantity field shows them: "1.5", "2". */
export function milliToInput(milli: number): string {
  return formatScaledDecimal(milli, 3);
}

/** Basis points as a percentage field shows them: "8.25", "30". */
export function basisPointsToInput(basisPoints: number): string {
  return formatScaledDecimal(basisPoints, 2);
}
