import { describe, expect, test } from "vitest";
import {
  centsToInput,
  formatDollars,
  milliToInput,
  parseDollarsToCents,
  parsePercentBasisPoints,
  parseQuantityMilli,
} from "#app/schemas/quote-numbers.ts";

describe("dollars to cents, from the digits", () => {
  test.each([
    ["0.29", 29],
    ["0.07", 7],
    ["1.1", 110],
    ["1250.50", 125_050],
    ["1250.5", 125_050],
    ["1,250.50", 125_050],
    ["$1,250.50", 125_050],
    ["$ 12", 1_200],
    ["  19.99 ", 1_999],
    ["1,000,000", 100_000_000],
    ["1000000.00", 100_000_000],
    [".5", 50],
    ["5.", 500],
    ["0", 0],
    ["0.10", 10],
    ["12.300", 1_230],
    ["4.35", 435],
    ["1.15", 115],
    ["8.675309000", null],
    ["9007199254740.99", 900_719_925_474_099],
  ])("%j is %j cents", (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  test.each([
    "",
    " ",
    "abc",
    "-5",
    "+5",
    "1e3",
    "1.234",
    "1,25.00",
    "12,50",
    "1,2345",
    "1.2.3",
    ".",
    "$",
    "1 250",
    "0x10",
    "Infinity",
    "NaN",
    "١٢",
    "99999999999999999999",
  ])("%j is refused", (text) => {
    expect(parseDollarsToCents(text)).toBeNull();
  });

  test("every cent amount from 0.00 to 99.99 reads back as itself, where float multiplication would not", () => {
    let floatWrong = 0;
    for (let cents = 0; cents < 10_000; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      expect(parseDollarsToCents(text)).toBe(cents);
      if (Math.trunc(Number(text) * 100) !== cents) floatWrong++;
    }
    // The reason for parsing digits: truncating a float product gets hundreds of these wrong.
    expect(floatWrong).toBeGreaterThan(100);
  });

  test("shown in a field and as a total", () => {
    expect(centsToInput(125_050)).toBe("1250.50");
    expect(centsToInput(29)).toBe("0.29");
    expect(centsToInput(1_200)).toBe("12.00");
    expect(formatDollars(123_456_789)).toBe("$1,234,567.89");
    expect(formatDollars(5)).toBe("$0.05");
    for (const cents of [0, 1, 99, 100, 12_345, 100_000_000]) expect(parseDollarsToCents(centsToInput(cents))).toBe(cents);
  });
});

describe("quantities in thousandths and percentages in basis points", () => {
  test.each([
    ["1", 1_000],
    ["1.5", 1_500],
    ["0.125", 125],
    ["2,000", 2_000_000],
    ["10.250", 10_250],
    ["0.001", 1],
  ])("quantity %j is %j", (text, milli) => {
    expect(parseQuantityMilli(text)).toBe(milli);
  });

  test.each(["1.0005", "-1", "two", "1/2", ""])("quantity %j is refused", (text) => {
    expect(parseQuantityMilli(text)).toBeNull();
  });

  test.each([
    ["8.25", 825],
    ["8.25 %", 825],
    ["30", 3_000],
    ["100", 10_000],
    ["0.5%", 50],
  ])("percentage %j is %j basis points", (text, basisPoints) => {
    expect(parsePercentBasisPoints(text)).toBe(basisPoints);
  });

  test("refuses a third decimal of a percent", () => {
    expect(parsePercentBasisPoints("8.255")).toBeNull();
  });

  test("a quantity shows without trailing zeros", () => {
    expect(milliToInput(1_500)).toBe("1.5");
    expect(milliToInput(1_000)).toBe("1");
    expect(milliToInput(125)).toBe("0.125");
  });
});
