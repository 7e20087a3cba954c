import { describe, expect, test } from "vitest";
import { DIRECT_OR_UNKNOWN, countBySource, leadSourceLabel, referrerHost } from "#app/schemas/lead-source.ts";

const none = { utm_source: null, utm_medium: null, referrer: null };

describe("leadSourceLabel", () => {
  test("campaign tags first: source and medium, lower-cased", () => {
    expect(leadSourceLabel({ ...none, utm_source: "Google", utm_medium: "CPC", referrer: "https://www.google.com/" })).toBe("google / cpc");
    expect(leadSourceLabel({ ...none, utm_source: " nextdoor " })).toBe("nextdoor");
  });

  test("a medium without a source is no campaign: the referrer decides", () => {
    expect(leadSourceLabel({ ...none, utm_medium: "email", referrer: "https://mail.example.net/inbox" })).toBe("mail.example.net");
  });

  test("else the referring site's host, without www.", () => {
    expect(leadSourceLabel({ ...none, referrer: "https://www.google.com/" })).toBe("google.com");
    expect(leadSourceLabel({ ...none, referrer: "https://WWW.Yelp.com/biz/bayou?x=1" })).toBe("yelp.com");
    expect(leadSourceLabel({ ...none, referrer: "android-app://com.google.android.gm/" })).toBe("com.google.android.gm");
  });

  test("else direct or unknown: no referrer, one that is not a URL, or the site itself", () => {
    expect(leadSourceLabel(none)).toBe(DIRECT_OR_UNKNOWN);
    expect(leadSourceLabel({ ...none, utm_source: "   ", referrer: "" })).toBe(DIRECT_OR_UNKNOWN);
    expect(leadSourceLabel({ ...none, referrer: "not a url" })).toBe(DIRECT_OR_UNKNOWN);
    expect(leadSourceLabel({ ...none, referrer: "https://www.remodel.test/kitchen" }, "remodel.test")).toBe(DIRECT_OR_UNKNOWN);
    expect(leadSourceLabel({ ...none, referrer: "https://remodel.test/" }, "www.remodel.test")).toBe(DIRECT_OR_UNKNOWN);
    // Another site is still a source when the site's host is given.
    expect(leadSourceLabel({ ...none, referrer: "https://bing.com/" }, "remodel.test")).toBe("bing.com");
  });
});

describe("referrerHost", () => {
  test("the host of a URL, or null", () => {
    expect(referrerHost("https://m.facebook.com/")).toBe("m.facebook.com");
    expect(referrerHost(null)).toBeNull();
    expect(referrerHost("/relative/path")).toBeNull();
  });
});

describe("countBySource", () => {
  test("adds groups with the same label, most first, then by label, direct or unknown last among equals", () => {
    const counts = countBySource([
      { utm_source: null, utm_medium: null, referrer: "https://www.google.com/", count: 2 },
      { utm_source: null, utm_medium: null, referrer: "https://google.com/search?q=fence", count: 1 },
      { utm_source: "Google", utm_medium: "cpc", referrer: "https://www.google.com/", count: 3 },
      { utm_source: "google", utm_medium: "CPC", referrer: null, count: 1 },
      { utm_source: null, utm_medium: null, referrer: null, count: 2 },
      { utm_source: null, utm_medium: null, referrer: "https://yahoo.com/", count: 2 },
      { utm_source: null, utm_medium: null, referrer: "https://bing.com/", count: 2 },
    ]);
    expect(counts).toEqual([
      { label: "google / cpc", count: 4 },
      { label: "google.com", count: 3 },
      { label: "bing.com", count: 2 },
      { label: "yahoo.com", count: 2 },
      { label: DIRECT_OR_UNKNOWN, count: 2 },
    ]);
  });

  test("nothing counted is an empty list", () => {
    expect(countBySource([])).toEqual([]);
  });
});
