/**
 * The homeowner picks the visit (issue 28, ADR 071), in a real browser on a 375 px phone, against
 * a server of its own that mails a real SMTP listener: the request sent from /contact, the panel's
 * "Pick a time for the visit", Saturday's first window held, confirmed by the contractor from the
 * dashboard, the invitation's calendar read back with node-ical, the visit moved from the
 * email's link; the same in Spanish from /es/contacto; without JavaScript (book, then cancel);
 * and a window taken by another homeowner a moment earlier. axe finds nothing on each state.
 *
 * The site's clock is the real time with the default rules (Mon–Fri 8–5, Sat 8–12, 2-hour
 * windows, from the next business day, 21 days ahead): each test takes a day of its own, far
 * enough ahead to be moved or cancelled online (tests/support/booking-picker.ts).
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { sync, type VEvent } from "node-ical";
import { expect, expectNoAxeViolations, signedInAccount, test, waitForEstimateScript, watchPage } from "#tests/e2e/helpers.ts";
import {
  changeableDays,
  pickerDays,
  SATURDAY,
  seedBookingRequest,
  WEEKDAYS,
  yearOf,
  type PickerDay,
  type PickerWindow,
} from "#tests/support/booking-picker.ts";
import { startServer, type ServerProcess } from "#tests/support/server.ts";
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import { bookingWords as words, type BookingLocale } from "#tests/e2e/booking-words.ts";

// Its own server (bookings must not meet the visits other specs set), past the ports
// playwright.config.ts and the other specs use (E2E_PORT + 0…12).
const port = Number(process.env.E2E_PORT ?? 3217) + 13;
const LEADS_TO = "office@remodel.test";
const phone = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
/** A little over FORM_MIN_SECONDS (1 s here), as a person takes. */
const HUMAN_DELAY_MS = 1200;

test.describe.configure({ mode: "serial" });

let site: ServerProcess;
let smtp: SmtpTestServer;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startServer({
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      LEADS_TO,
      MAIL_POLL_SECONDS: "0.2",
      FORM_MIN_SECONDS: "1",
      LEAD_RATE_LIMIT: "1000",
    },
  });
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
});

async function phonePage(browser: Browser, errors: string[], options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ ...phone, ...options });
  const page = await context.newPage();
  await watchPage(page, errors);
  return page;
}

async function waitForMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  const find = () => smtp.messages.find((m) => m.envelope.to.includes(address) && subject.test(m.parsed.subject ?? ""));
  await expect.poll(() => find() !== undefined, { message: `an email “${subject.source}” to ${address}`, timeout: 20_000 }).toBe(true);
  return find()!;
}

/** The one event of the email's text/calendar part, read back by a real parser. */
function calendarEvent(mail: ReceivedMail): VEvent {
  const part = mail.parsed.attachments.find((a) => a.contentType === "text/calendar");
  expect(part, `a text/calendar part in “${mail.parsed.subject}”`).toBeDefined();
  const events = Object.values(sync.parseICS(part!.content.toString("utf8"))).filter((c) => c?.type === "VEVENT") as VEvent[];
  expect(events).toHaveLength(1);
  return events[0]!;
}

/** The estimate form filled by a person and sent; resolves once the panel shows (with or without JavaScript). */
async function sendRequest(page: Page, locale: BookingLocale, who: { name: string; email: string; script: boolean }): Promise<Locator> {
  const w = words[locale];
  const { name, email } = who;
  expect((await page.goto(`${site.url}${w.contact}`))?.status()).toBe(200);
  if (who.script) await waitForEstimateScript(page);
  const readyAt = Date.now();
  const form = page.locator("form.estimate-form");
  await form.getByLabel(w.form.name).fill(name);
  await form.getByRole("textbox", { name: w.form.email, exact: true }).fill(email);
  await form.getByRole("textbox", { name: w.form.phone, exact: true }).fill("(713) 555-0147");
  await form.getByLabel(w.form.need).selectOption({ label: w.form.service });
  const left = readyAt + HUMAN_DELAY_MS - Date.now();
  if (left > 0) await page.waitForTimeout(left);
  await form.getByRole("button", { name: w.form.send }).click();
  const panel = page.getByRole("region", { name: w.panel });
  await expect(panel).toBeVisible();
  return panel;
}

/** The panel's link to the booking page: followed, and its address returned. */
async function followBookingLink(page: Page, panel: Locator, locale: BookingLocale): Promise<string> {
  const link = panel.getByRole("link", { name: words[locale].pickLink, exact: true });
  await expect(link).toHaveAttribute("href", words[locale].bookingPath);
  await link.click();
  await expect(page).toHaveURL(words[locale].bookingPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(words[locale].title);
  return page.url();
}

/** Clicks a window's button in `scope`, opening "More days" first when its day is folded there. */
async function pick(scope: Locator, window: PickerWindow, locale: BookingLocale): Promise<void> {
  // A folded button has no role to find (it is hidden): its details is found by its value.
  const more = scope.locator("details.booking__more", { has: scope.page().locator(`button[value="${window.start.toISOString()}"]`) });
  if ((await more.count()) > 0) {
    await expect(more.locator("summary")).toHaveText(words[locale].moreDays);
    await more.locator("summary").click();
  }
  const button = scope.getByRole("button", { name: window.label, exact: true });
  await expect(button).toHaveText(window.text);
  await button.click();
}

/** The visit's sentence on the page: "Held for you: Saturday, December 5, 2026. Arrival between 8:00 and 10:00 AM." */
function visitSentence(locale: BookingLocale, state: "held" | "confirmed", day: PickerDay, window: PickerWindow): string {
  const w = words[locale];
  const [start, end] = window.text.split("–");
  return `${state === "held" ? w.held : w.confirmed} ${day.label}${w.yearJoin}${yearOf(window.start)}. ${w.arrival} ${start} ${w.and} ${end}.`;
}

/** The picker's open days, its Saturday headings in place, and the first changeable Saturday after `skip` others. */
async function saturday(page: Page, locale: BookingLocale, skip: number): Promise<PickerDay> {
  const days = await pickerDays(page.locator("section.booking__picker"));
  const saturdays = days.filter((day) => words[locale].saturday.test(day.label));
  expect(saturdays.length, "the picker lists the Saturdays of the next three weeks").toBeGreaterThanOrEqual(2);
  await expect(page.getByRole("heading", { level: 3, name: saturdays[0]!.label, exact: true })).toBeVisible();
  const day = changeableDays(days, SATURDAY)[skip];
  expect(day, `a Saturday more than a day and a half ahead (#${skip + 1})`).toBeDefined();
  expect(day!.windows.map((w) => w.text)).toEqual(words[locale].saturdayWindows);
  return day!;
}

/** The contractor, on a phone: the dashboard's "Visits to confirm", axe, and Confirm for `homeowner`. */
async function confirmOnDashboard(browser: Browser, errors: string[], homeowner: string): Promise<void> {
  const page = await phonePage(browser, errors);
  await signedInAccount(page.context(), site.url, { role: "admin", name: "Rosa Martinez", dataDir: site.dataDir });
  await page.goto(`${site.url}/admin`);
  const section = page.getByRole("region", { name: /^Visits to confirm \(\d+\)$/ });
  await expect(section).toBeVisible();
  const confirm = section.getByRole("button", { name: new RegExp(`^Confirm the visit of ${homeowner} on Sat, `) });
  await expect(confirm).toHaveText("Confirm");
  await expectNoAxeViolations(page, "the dashboard with a visit to confirm, at 375 px");
  await confirm.click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /^Visit confirmed for Sat, / })
      .first(),
  ).toBeVisible();
  await expect(section.getByRole("button", { name: new RegExp(`^Confirm the visit of ${homeowner} `) })).toHaveCount(0);
  await page.context().close();
}

test("English: the request, Saturday's first window held, confirmed, the invitation's calendar, moved from the email", async ({
  browser,
}) => {
  const w = words.en;
  const errors: string[] = [];
  const name = `Maria Gonzalez ${Date.now().toString(36)}`;
  const email = `maria.en.${Date.now()}@home.test`;
  const page = await phonePage(browser, errors);

  const bookingUrl = await followBookingLink(page, await sendRequest(page, "en", { name, email, script: true }), "en");
  // The confirmation email carries the same booking page.
  const confirmation = await waitForMail(email, /^We received your estimate request — /);
  expect(confirmation.parsed.text).toContain(bookingUrl);
  await expect(page.getByRole("heading", { level: 2, name: w.days })).toBeVisible();
  await expectNoAxeViolations(page, "the booking page's picker, at 375 px");

  const day = await saturday(page, "en", 0);
  const [first, second] = day.windows as [PickerWindow, PickerWindow];
  expect(first.label).toBe(`Book ${first.text} on ${day.label}`);
  await pick(page.locator("section.booking__picker"), first, "en");
  await expect(page.getByRole("status")).toHaveText(w.doneHeld);
  await expect(page.getByRole("heading", { level: 2, name: w.visitTitle })).toBeVisible();
  await expect(page.locator(".booking__visit")).toContainText(visitSentence("en", "held", day, first));
  await expect(page.getByRole("button", { name: w.cancel })).toBeVisible();
  await expectNoAxeViolations(page, "the booking page with the visit held, at 375 px");
  await waitForMail(email, /^We have your time: /);

  await confirmOnDashboard(browser, errors, name);

  // The invitation, with the calendar at the window held; its link opens the booking page.
  const invitation = await waitForMail(email, /^Site visit on Saturday, /);
  const event = calendarEvent(invitation);
  expect(event.start.toISOString()).toBe(first.start.toISOString());
  const link = new RegExp(`${site.url}/book/[A-Za-z0-9_-]{43}`).exec(invitation.parsed.text ?? "")?.[0];
  expect(link, "the invitation's booking link").toBe(bookingUrl);
  await page.goto(link!);
  await expect(page.locator(".booking__visit")).toContainText(visitSentence("en", "confirmed", day, first));

  // Moved to the day's other window, under "Move to another time".
  const move = page.locator("details.booking__move");
  await move.locator("summary", { hasText: w.moveTitle }).click();
  const moveDay = (await pickerDays(move)).find((d) => d.label === day.label);
  expect(
    moveDay?.windows.map((x) => x.label),
    "the visit's own window is not offered again",
  ).toEqual([`Move to ${second.text} on ${day.label}`]);
  await pick(move, moveDay!.windows[0]!, "en");
  await expect(page.getByRole("status")).toHaveText(w.doneMoved);
  await expect(page.locator(".booking__visit")).toContainText(visitSentence("en", "confirmed", day, second));
  const update = calendarEvent(await waitForMail(email, /^New time for your site visit: Saturday, /));
  expect(update.start.toISOString()).toBe(second.start.toISOString());
  expect(update.uid).toBe(event.uid);
  await page.context().close();
  expect(errors, "console errors or uncaught exceptions").toEqual([]);
});

test("Spanish: from /es/contacto to “Se lo apartamos” and a move, every word Spanish", async ({ browser }) => {
  const w = words.es;
  const errors: string[] = [];
  const name = `María González ${Date.now().toString(36)}`;
  const email = `maria.es.${Date.now()}@home.test`;
  const page = await phonePage(browser, errors);

  const bookingUrl = await followBookingLink(page, await sendRequest(page, "es", { name, email, script: true }), "es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 2, name: w.days })).toBeVisible();
  await expect(page.locator("section.booking__picker")).toContainText(w.zone);
  await expectNoAxeViolations(page, "la página para agendar, a 375 px");

  // The next changeable Saturday after the English test's: folded under "Más días".
  const day = await saturday(page, "es", 1);
  const [first, second] = day.windows as [PickerWindow, PickerWindow];
  expect(first.label).toBe(`Agendar ${first.text} el ${day.label}`);
  await pick(page.locator("section.booking__picker"), first, "es");
  await expect(page.getByRole("status")).toHaveText(w.doneHeld);
  await expect(page.getByRole("heading", { level: 2, name: w.visitTitle })).toBeVisible();
  await expect(page.locator(".booking__visit")).toContainText(visitSentence("es", "held", day, first));
  await expect(page.getByRole("button", { name: w.cancel })).toBeVisible();
  await expectNoAxeViolations(page, "la visita apartada, a 375 px");

  // The email in Spanish, with the Spanish booking page.
  const received = await waitForMail(email, /^Recibimos el horario que eligió: sábado, /);
  expect(received.parsed.text).toContain(bookingUrl);

  const move = page.locator("details.booking__move");
  await move.locator("summary", { hasText: w.moveTitle }).click();
  const moveDay = (await pickerDays(move)).find((d) => d.label === day.label);
  expect(moveDay?.windows.map((x) => x.label)).toEqual([`Cambiar a ${second.text} el ${day.label}`]);
  await pick(move, moveDay!.windows[0]!, "es");
  await expect(page.getByRole("status")).toHaveText(w.doneMoved);
  await expect(page.locator(".booking__visit")).toContainText(visitSentence("es", "held", day, second));
  await expectNoAxeViolations(page, "la visita cambiada, a 375 px");
  await page.context().close();
  expect(errors, "console errors or uncaught exceptions").toEqual([]);
});

test("without JavaScript: the plain post, the panel's link, a window held, then cancelled", async ({ browser }) => {
  const w = words.en;
  const errors: string[] = [];
  const name = `Ana Lopez ${Date.now().toString(36)}`;
  const page = await phonePage(browser, errors, { javaScriptEnabled: false });

  await followBookingLink(page, await sendRequest(page, "en", { name, email: `ana.${Date.now()}@home.test`, script: false }), "en");
  const days = await pickerDays(page.locator("section.booking__picker"));
  // The first changeable weekday: the Saturdays are the other tests'.
  const day = changeableDays(days, WEEKDAYS)[0]!;
  const window = day.windows[0]!;
  await pick(page.locator("section.booking__picker"), window, "en");
  await expect(page.getByRole("status")).toHaveText(w.doneHeld);
  await expect(page.locator(".booking__visit")).toContainText(visitSentence("en", "held", day, window));

  await page.getByRole("button", { name: w.cancel }).click();
  await expect(page.getByRole("status")).toHaveText(w.doneCancelled);
  await expect(page.getByText(`Your visit on ${day.label}, ${yearOf(window.start)} was cancelled.`)).toBeVisible();
  await expect(page.locator(".booking__visit")).toHaveCount(0);
  // The window is open again, to this homeowner and everyone.
  await expect(page.getByRole("button", { name: window.label, exact: true })).toHaveCount(1);
  await page.context().close();
  expect(errors, "console errors or uncaught exceptions").toEqual([]);
});

test("a window just taken: the second homeowner is told so, with the times still open", async ({ browser }) => {
  const w = words.en;
  const errors: string[] = [];
  const stamp = Date.now().toString(36);
  const requests = await Promise.all(
    ["Carlos Ruiz", "Dana Smith"].map((name, i) =>
      seedBookingRequest(site.dataDir, { locale: "en", name: `${name} ${stamp}`, email: `taken.${i}.${stamp}@home.test` }),
    ),
  );
  const [first, second] = await Promise.all(requests.map(() => phonePage(browser, errors)));
  for (const [page, request] of [
    [first!, requests[0]!],
    [second!, requests[1]!],
  ] as const) {
    expect((await page.goto(`${site.url}${request.path}`))?.status()).toBe(200);
  }
  // The second changeable weekday: the first is the test without JavaScript's.
  const day = changeableDays(await pickerDays(first!.locator("section.booking__picker")), WEEKDAYS)[1]!;
  const window = day.windows[0]!;

  await pick(first!.locator("section.booking__picker"), window, "en");
  await expect(first!.getByRole("status")).toHaveText(w.doneHeld);

  const refused = second!.waitForResponse((r) => r.request().method() === "POST");
  await pick(second!.locator("section.booking__picker"), window, "en");
  expect((await refused).status()).toBe(409);
  await expect(second!.getByRole("alert")).toHaveText(w.taken);
  await expect(second!.locator(".booking__visit")).toHaveCount(0);
  const open = await pickerDays(second!.locator("section.booking__picker"));
  expect(open.length, "the other days are still open").toBeGreaterThan(5);
  expect(open.flatMap((d) => d.windows.map((x) => x.label))).not.toContain(window.label);
  expect(open.find((d) => d.label === day.label)?.windows.map((x) => x.label)).toEqual(day.windows.slice(1).map((x) => x.label));
  await expectNoAxeViolations(second!, "the booking page after a window was just taken, at 375 px");
  for (const page of [first!, second!]) await page.context().close();
  expect(errors, "console errors or uncaught exceptions").toEqual([]);
});
