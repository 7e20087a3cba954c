import { describe, expect, it } from "vitest";
import { BEFORE_AFTER_SCRIPT, beforeAfterValue, setupBeforeAfter } from "#app/browser/before-after.ts";

const template = "{percent}% after";

describe("beforeAfterValue", () => {
  it("reads the range's value as a whole percent and says it", () => {
    expect(beforeAfterValue("50", template)).toEqual({ percent: 50, text: "50% after" });
    expect(beforeAfterValue("62", template)).toEqual({ percent: 62, text: "62% after" });
    expect(beforeAfterValue(0, template)).toEqual({ percent: 0, text: "0% after" });
    expect(beforeAfterValue(100, template)).toEqual({ percent: 100, text: "100% after" });
  });

  it("rounds, keeps within 0–100, and takes anything unreadable as the middle", () => {
    expect(beforeAfterValue("54.6", template).percent).toBe(55);
    expect(beforeAfterValue(-5, template).percent).toBe(0);
    expect(beforeAfterValue("140", template).percent).toBe(100);
    expect(beforeAfterValue("", template)).toEqual({ percent: 50, text: "50% after" });
    expect(beforeAfterValue("abc", template).percent).toBe(50);
    expect(beforeAfterValue(Number.NaN, template).percent).toBe(50);
  });

  it("fills another language's words", () => {
    expect(beforeAfterValue("30", "{percent} % después").text).toBe("30 % después");
  });
});

describe("BEFORE_AFTER_SCRIPT", () => {
  it("is both functions serialised, the setup called on the figure that holds the script", () => {
    expect(BEFORE_AFTER_SCRIPT.startsWith(`(${setupBeforeAfter.toString()})(document.currentScript`)).toBe(true);
    expect(BEFORE_AFTER_SCRIPT).toContain(beforeAfterValue.toString());
    expect(BEFORE_AFTER_SCRIPT).not.toContain("</script");
  });

  it("runs as a classic script on its own: the value function it carries works when evaluated", () => {
    // The second argument is the serialised pure function; evaluated alone it must still work.
    const value = new Function(`return (${beforeAfterValue.toString()});`)() as typeof beforeAfterValue;
    expect(value("73", template)).toEqual({ percent: 73, text: "73% after" });
  });
});
