import { describe, expect, it } from "vitest";
import {
  contactLinks,
  emailSubject,
  leadWaiting,
  mapsQuery,
  telHref,
  textGreeting,
  waitedWords,
  type ContactLinkInput,
} from "#app/schemas/contact-links.ts";

const maria: ContactLinkInput = {
  name: "Maria Gonzalez",
  email: "maria@casa.test",
  phone: "(713) 555-0147",
  subject: "Bathroom Remodeling",
  zip: "77008",
  streetAddress: "1234 Heights Blvd",
  businessName: "Example Home Remodeling",
};

describe("contactLinks", () => {
  it("builds the four links, with the greeting and subject percent-encoded (spaces as %20)", () => {
    expect(contactLinks(maria)).toEqual({
      call: "tel:+17135550147",
      text: "sms:+17135550147?&body=Hi%20Maria%2C%20this%20is%20Example%20Home%20Remodeling%20about%20your%20Bathroom%20Remodeling%20request.",
      mailto: "mailto:maria@casa.test?subject=Your%20estimate%20request%3A%20Bathroom%20Remodeling",
      directions: "https://www.google.com/maps/search/?api=1&query=1234%20Heights%20Blvd%2C%2077008",
    });
  });

  it("decodes back to the words a person reads, accents included", () => {
    const links = contactLinks({
      ...maria,
      name: "José Muñoz",
      subject: "Baño & cocina",
      businessName: "Peña's Repairs",
    });
    const body = new URL(links.text!.replace("sms:", "sms://")).searchParams.get("body");
    expect(body).toBe("Hi José, this is Peña's Repairs about your Baño & cocina request.");
    expect(links.text).toContain("Jos%C3%A9");
    expect(links.text).toContain("%26%20cocina");
    expect(links.text).toContain("Pe%C3%B1a%27s");
    expect(decodeURIComponent(links.mailto.split("subject=")[1]!)).toBe("Your estimate request: Baño & cocina");
  });

  it("keeps an address that could end the mailto (?, #, %) from doing so", () => {
    const { mailto } = contactLinks({ ...maria, email: "a+b%c?d#e@home.test" });
    expect(mailto).toBe("mailto:a+b%25c%3Fd%23e@home.test?subject=Your%20estimate%20request%3A%20Bathroom%20Remodeling");
  });

  it("gives directions to the ZIP alone, the address alone, or none", () => {
    expect(contactLinks({ ...maria, streetAddress: null }).directions).toBe("https://www.google.com/maps/search/?api=1&query=77008");
    expect(contactLinks({ ...maria, zip: null }).directions).toBe("https://www.google.com/maps/search/?api=1&query=1234%20Heights%20Blvd");
    expect(contactLinks({ ...maria, zip: null, streetAddress: "  " }).directions).toBeNull();
    expect(mapsQuery(" 12  Main St ", "77002")).toBe("12 Main St, 77002");
  });

  it("leaves out call and text for a phone with too few digits to dial", () => {
    const links = contactLinks({ ...maria, phone: "n/a" });
    expect(links.call).toBeNull();
    expect(links.text).toBeNull();
    expect(links.mailto).toMatch(/^mailto:/);
  });

  it("keeps an international number's own country code", () => {
    expect(contactLinks({ ...maria, phone: "+44 20 7946 0958" }).call).toBe("tel:+442079460958");
    expect(telHref("555-0100")).toBe("tel:5550100");
  });
});

describe("greeting and subject", () => {
  it("speaks of an estimate request when the service is not a name", () => {
    expect(textGreeting({ name: "Maria", subject: "Something else", businessName: "Acme" })).toBe(
      "Hi Maria, this is Acme about your estimate request.",
    );
    expect(textGreeting({ name: "  ", subject: "", businessName: "Acme" })).toBe("Hi there, this is Acme about your estimate request.");
    expect(emailSubject("  ")).toBe("Your estimate request");
  });
});

describe("leadWaiting", () => {
  const now = new Date("2026-11-25T15:00:00.000Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const H = 3600 * 1000;

  it("counts a new or review request's wait, marked past 24 hours", () => {
    expect(leadWaiting({ status: "new", createdAt: ago(3 * H + 59 * 60000), now })).toEqual({
      label: "waiting 3 h",
      overdue: false,
    });
    expect(leadWaiting({ status: "new", createdAt: ago(24 * H), now })).toEqual({
      label: "waiting 24 h",
      overdue: false,
    });
    expect(leadWaiting({ status: "review", createdAt: ago(24 * H + 60000), now })).toEqual({
      label: "waiting 24 h",
      overdue: true,
    });
    expect(leadWaiting({ status: "new", createdAt: ago(50 * H), now })).toEqual({
      label: "waiting 2 days",
      overdue: true,
    });
  });

  it("says nothing once the request has another status, or for a time it cannot read", () => {
    expect(leadWaiting({ status: "contacted", createdAt: ago(50 * H), now })).toBeNull();
    expect(leadWaiting({ status: "new", createdAt: "yesterday", now })).toBeNull();
  });

  it("words short waits in minutes", () => {
    expect(waitedWords(20 * 1000)).toBe("under a minute");
    expect(waitedWords(12 * 60000)).toBe("12 min");
    expect(waitedWords(-5)).toBe("under a minute");
  });
});
