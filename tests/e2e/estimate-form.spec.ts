/**
 * The estimate request form on `/` and `/contact`, in a real browser:
 * labels and input types, a background post by the form's own script (no
 * framework) with a toast and the confirmation panel, "Send another request"
 * bringing the empty form back (with JavaScript), a plain form post answered
 * with the same panel (without), errors from the server shown next to their
 * field with what was typed kept, a network failure that loses nothing, the
 * browser's own validation, axe in the success and error states, and the
 * keyboard. The phone-sized flows (photos, attribution) are in
 * estimate-phone.spec.ts.
 *
 * The e2e server runs with FORM_MIN_SECONDS=1 (playwright.config.ts), so each
 * test waits a little over a second after the page is ready, as a person
 * would, and every real submission must be stored with is_spam = 0. Leads are
 * read from the server's SQLite file (read-only; WAL allows it while the
 * server writes), found by a unique marker in each test's name field.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page, Request } from "@playwright/test";
import { leadsContaining } from "#tests/support/site-db.ts";
import { e2eDataDir, expect, expectNoAxeViolations, test, waitForEstimateScript } from "#tests/e2e/helpers.ts";

const SUCCESS = "Message sent successfully";
const CHECK_FIELDS = "Please check the highlighted fields and send the form again.";
/** A little over FORM_MIN_SECONDS (1 s in the e2e server's env). */
const HUMAN_DELAY_MS = 1200;

/** The paths that carry the form, the source each stores, and the URL the script posts to. */
const formPages = [
  { path: "/", source: "/", dataUrl: "**/estimate-request?from=%2F", postedTo: "/estimate-request?from=%2F" },
  {
    path: "/contact",
    source: "/contact",
    dataUrl: "**/estimate-request?from=%2Fcontact",
    postedTo: "/estimate-request?from=%2Fcontact",
  },
] as const;

/** Leads whose name, subject or message contains `marker`, read straight from the server's database. */
function leadsWith(marker: string) {
  return leadsContaining(e2eDataDir, marker, {
    columns: ["from_name", "email", "phone", "subject", "message", "source", "is_spam", "spam_reason"],
    within: ["from_name", "subject", "message"],
  });
}

function newMarker(): string {
  return `e2e-${randomUUID().slice(0, 8)}`;
}

function validValues(marker: string) {
  return {
    from_name: `Maria Gonzalez ${marker}`,
    email: "maria.gonzalez@example.com",
    phone: "(713) 555-0147",
    // "What do you need?" is a list of the services (and "Something else").
    subject: "Bathroom Remodeling",
    message: "Walk-in shower instead of the tub.\nSecond floor, about 60 sq ft.",
  };
}
type Values = ReturnType<typeof validValues>;

/** A message of exactly `length` characters, in lines: as long as the form allows. */
function longMessage(length: number): string {
  const line = "Tile the shower walls floor to ceiling and replace the vanity and the mirror.";
  let text = line;
  while (text.length < length) text += `\n${line}`;
  return `${text.slice(0, length - 1)}.`;
}

function formFields(page: Page) {
  const form = page.locator("form.estimate-form");
  return {
    form,
    from_name: form.getByLabel("Full name"),
    email: form.getByRole("textbox", { name: "Email", exact: true }),
    phone: form.getByRole("textbox", { name: "Phone", exact: true }),
    subject: form.getByLabel("What do you need?"),
    message: form.getByRole("textbox", { name: "Message (optional)" }),
    submit: form.getByRole("button", { name: "Send request" }),
  };
}

const fieldNames = ["from_name", "email", "phone", "subject", "message"] as const;

async function fillForm(page: Page, values: Values): Promise<void> {
  const fields = formFields(page);
  for (const name of fieldNames) {
    if (name === "subject") await fields.subject.selectOption(values.subject);
    else await fields[name].fill(values[name]);
  }
}

async function expectFormValues(page: Page, values: Values): Promise<void> {
  const fields = formFields(page);
  for (const name of fieldNames) await expect(fields[name], `${name} keeps what was typed`).toHaveValue(values[name]);
}

/** Opens a form page; with JavaScript on, waits until the form's script has set it up. Returns when it was ready. */
async function openForm(page: Page, path: string, { js = true } = {}): Promise<number> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (js) await waitForEstimateScript(page);
  return Date.now();
}

/** The confirmation panel that replaces the form after a stored request. */
function confirmationPanel(page: Page): Locator {
  return page.getByRole("region", { name: "We received your request" });
}

/** The panel: its heading, the lead's short reference, what happens next, the phone number. */
async function expectConfirmation(page: Page): Promise<string> {
  const panel = confirmationPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: "We received your request" })).toBeVisible();
  await expect(panel).toContainText("We call or text you to set a time");
  await expect(panel).toContainText(/visit to measure/);
  await expect(panel.locator('a[href^="tel:"]')).toBeVisible();
  const reference = (await panel.locator("strong").first().textContent()) ?? "";
  expect(reference, "a short reference").toMatch(/^[0-9A-F]{8}$/);
  return reference;
}

/** Waits out the form's minimum time, counted from when the page was ready. */
async function actLikeAPerson(page: Page, readyAt: number): Promise<void> {
  const left = readyAt + HUMAN_DELAY_MS - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

/** Every POST the page sends from now on. */
function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request);
  });
  return posts;
}

/** Marks the window; `expectSameDocument` fails if a full page load replaced it. */
async function markWindow(page: Page): Promise<string> {
  const marker = randomUUID();
  await page.evaluate((value) => {
    window.__e2eMarker = value;
  }, marker);
  return marker;
}

async function expectSameDocument(page: Page, marker: string): Promise<void> {
  expect(await page.evaluate(() => window.__e2eMarker), "no full page load happened").toBe(marker);
}

function expectStored(marker: string, values: Values, source: string): void {
  const leads = leadsWith(marker);
  expect(leads, `one lead stored for ${marker}`).toHaveLength(1);
  expect(leads[0]).toEqual({ ...values, source, is_spam: 0, spam_reason: null });
}

/** The field's error: aria-invalid, an error text linked by aria-describedby, shown next to it. */
async function expectFieldError(field: Locator, text: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  expect(describedBy, "the field points to its error text").not.toBe("");
  const error = field.page().locator(`[id="${describedBy}"]`);
  await expect(error).toBeVisible();
  await expect(error).toHaveText(text);
  await expect(field).toHaveAccessibleDescription(text);
  // Next to the field: inside the same field wrapper.
  await expect(field.locator("xpath=..").locator(`[id="${describedBy}"]`)).toHaveCount(1);
}

/**
 * axe cannot run in a page with JavaScript off (it waits on timers that never fire), so it runs
 * on a copy: the no-JavaScript page's DOM, without its scripts, served at the same URL to a page
 * that may run axe. The copy loads the same stylesheets and images from the server.
 */
async function expectNoAxeViolationsWithoutJs(page: Page, browser: Browser, label: string, expectedClass = "estimate-form"): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  expect(html).toContain(`class="${expectedClass}"`);
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = page.url();
    await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    await expectNoAxeViolations(copy, label);
  } finally {
    await context.close();
  }
}

/**
 * Takes out of the fixture's console errors the ones the browser itself logs for a request
 * that was meant to fail (a 400 answer, a cut connection), after checking there were `count`.
 */
function dropExpectedConsoleErrors(consoleErrors: string[], pattern: RegExp, count: number): void {
  const expected = consoleErrors.filter((e) => pattern.test(e));
  expect(expected, `the browser's own ${pattern} console errors`).toHaveLength(count);
  const rest = consoleErrors.filter((e) => !pattern.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}

const BAD_REQUEST_NOTE = /^console\.error: Failed to load resource: the server responded with a status of 400 .*estimate-request/;

/**
 * Pauses the page's clock (installed with page.clock.install() before the page opened) a moment
 * from now: far enough ahead not to be in the past once the call arrives, well short of the
 * toast's 6 s.
 */
async function holdClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1500));
}

/**
 * Runs `work` while the paused clock of the page's context advances 1 ms per step, so short
 * timers (axe's) fire and long ones (the toast's) do not. axe opens and closes a page of its own
 * in the context; a step that meets that page closing is skipped.
 */
async function whileClockCrawls<T>(page: Page, work: Promise<T>): Promise<T> {
  const state = { done: false };
  const settled = work.finally(() => {
    state.done = true;
  });
  for (let steps = 0; !state.done; steps++) {
    expect(steps, "the clock crawled less than the toast's 6 s").toBeLessThan(3000);
    await page.clock.runFor(1).catch((error: Error) => {
      if (!/closed/.test(error.message)) throw error;
    });
    await new Promise((wake) => setTimeout(wake, 5));
  }
  return settled;
}

function successToast(page: Page): Locator {
  return page.getByRole("status").getByTestId("toast");
}

function errorToast(page: Page): Locator {
  return page.getByRole("alert").getByTestId("toast");
}

test.describe("with JavaScript", () => {
  for (const { path, source, postedTo } of formPages) {
    test(`${path}: labelled fields, background post, success toast, reset, lead stored; axe clean`, async ({ page }) => {
      // The page's timers run on Playwright's clock, so the toast's timer can be held while axe runs.
      await page.clock.install();
      const readyAt = await openForm(page, path);
      const fields = formFields(page);

      // Every field has a visible label that names it.
      for (const name of fieldNames) {
        const field = fields[name];
        await expect(field, `${name} found by its label`).toHaveCount(1);
        await expect(field).toBeVisible();
        const id = await field.getAttribute("id");
        await expect(page.locator(`label[for="${id}"]`), `${name} has a visible label`).toBeVisible();
      }
      await expect(fields.phone).toHaveAttribute("type", "tel");
      await expect(fields.phone).toHaveAttribute("inputmode", "tel");
      // "What do you need?" lists the services and "Something else".
      await expect(fields.subject.locator("option")).toContainText([
        "Choose a service",
        "Kitchen Remodeling",
        "Repair & Remodeling",
        "Fences",
        "Something else",
      ]);
      await expect(fields.form).toHaveAttribute("enctype", "multipart/form-data");
      for (const name of ["from_name", "email", "phone", "subject"] as const) {
        await expect(fields[name], `${name} is required`).toHaveAttribute("required", "");
      }

      const marker = newMarker();
      const values = validValues(marker);
      await fillForm(page, values);
      const posts = recordPosts(page);
      const windowMarker = await markWindow(page);
      await actLikeAPerson(page, readyAt);
      await fields.submit.click();

      const toast = successToast(page);
      await expect(toast).toContainText(SUCCESS);
      await expect(toast).toBeVisible();
      await expect(page.getByRole("status").filter({ has: page.getByTestId("toast") })).toHaveAttribute("aria-live", "polite");
      await expect(errorToast(page)).toHaveCount(0);

      // Sent in the background, to the JSON route with the page, and the page stayed.
      await expectSameDocument(page, windowMarker);
      expect(posts, "exactly one POST").toHaveLength(1);
      expect(posts[0]?.resourceType()).toBe("xhr");
      const postUrl = new URL(posts[0]?.url() ?? "");
      expect(postUrl.pathname + postUrl.search).toBe(postedTo);
      await expect(page).toHaveURL(new RegExp(`${path.replace("/", "\\/")}$`));

      // The form gives way to the confirmation panel, its heading focused.
      await expectConfirmation(page);
      await expect(confirmationPanel(page).getByRole("heading", { name: "We received your request" })).toBeFocused();
      await expect(fields.form).toBeHidden();

      expectStored(marker, values, source);
      // The toast closes by itself after a few seconds, and axe may take as long: hold the clock,
      // moving it only a millisecond at a time so axe's own timers still fire.
      await holdClock(page);
      await whileClockCrawls(page, expectNoAxeViolations(page, `${path} with the success toast`));
      await expect(toast, "axe saw the toast").toBeVisible();
      // Left alone, the toast goes away by itself; the panel stays.
      await page.clock.runFor(7000);
      await expect(page.getByTestId("toast")).toHaveCount(0);
      await expect(confirmationPanel(page)).toBeVisible();

      // "Send another request" brings the form back, empty, with a fresh token.
      const usedToken = posts[0]?.postData() ?? "";
      await confirmationPanel(page).getByRole("button", { name: "Send another request" }).click();
      await expect(confirmationPanel(page)).toBeHidden();
      await expect(fields.form).toBeVisible();
      await expect(fields.from_name).toBeFocused();
      for (const name of fieldNames) await expect(fields[name], `${name} is empty after success`).toHaveValue("");
      const token = fields.form.locator('input[name="form_token"]');
      await expect(token).not.toHaveValue("");
      expect(usedToken).not.toContain(encodeURIComponent(await token.inputValue()));
    });
  }

  test("/: an address the browser accepts but the server refuses: error toast, error at the field, focus there, input kept; axe clean; corrected, it is sent", async ({
    page,
    consoleErrors,
  }) => {
    const readyAt = await openForm(page, "/");
    const fields = formFields(page);
    const marker = newMarker();
    // type=email accepts an address without a dot in the domain; the server wants a real domain.
    const values = { ...validValues(marker), email: "maria@example" };
    await fillForm(page, values);
    await actLikeAPerson(page, readyAt);
    await fields.submit.click();

    await expect(errorToast(page)).toContainText(CHECK_FIELDS);
    await expect(successToast(page)).toHaveCount(0);
    await expectFieldError(fields.email, /valid email address/);
    await expect(fields.email).toBeFocused();
    for (const name of ["from_name", "phone", "subject", "message"] as const) {
      await expect(fields[name], `${name} is not marked invalid`).not.toHaveAttribute("aria-invalid", "true");
    }
    await expectFormValues(page, values);
    expect(leadsWith(marker), "nothing stored").toHaveLength(0);
    await expectNoAxeViolations(page, "/ with the error toast and a field error");
    dropExpectedConsoleErrors(consoleErrors, BAD_REQUEST_NOTE, 1);

    // Corrected, the same form goes through and the error marks are gone.
    await fields.email.fill("maria@example.com");
    await fields.submit.click();
    await expect(successToast(page)).toContainText(SUCCESS);
    await expectConfirmation(page);
    await confirmationPanel(page).getByRole("button", { name: "Send another request" }).click();
    await expect(fields.email).not.toHaveAttribute("aria-invalid", "true");
    await expect(fields.email).not.toHaveAttribute("aria-describedby");
    await expect(fields.email).toHaveValue("");
    expectStored(marker, { ...values, email: "maria@example.com" }, "/");
  });

  test("/contact: a phone with too few digits past the browser's checks: error toast, error at the field, focus there, input kept; axe clean", async ({
    page,
    consoleErrors,
  }) => {
    const readyAt = await openForm(page, "/contact");
    const fields = formFields(page);
    const marker = newMarker();
    const values = { ...validValues(marker), phone: "555-0147" };
    await fillForm(page, values);
    // The browser's pattern would stop this; switch its checks off to reach the server's.
    await fields.form.evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await fields.subject.focus();
    await actLikeAPerson(page, readyAt);
    await fields.submit.click();

    await expect(errorToast(page)).toContainText(CHECK_FIELDS);
    await expectFieldError(fields.phone, "Please enter a phone number with area code (at least 10 digits).");
    await expect(fields.phone).toBeFocused();
    await expectFormValues(page, values);
    expect(leadsWith(marker), "nothing stored").toHaveLength(0);
    await expectNoAxeViolations(page, "/contact with the error toast and a field error");
    dropExpectedConsoleErrors(consoleErrors, BAD_REQUEST_NOTE, 1);
  });

  for (const { path, source, dataUrl } of formPages) {
    test(`${path}: a network failure says the request was not sent, keeps everything typed and stays on the page; a retry goes through`, async ({
      page,
      consoleErrors,
    }) => {
      const readyAt = await openForm(page, path);
      const fields = formFields(page);
      const marker = newMarker();
      const values = validValues(marker);
      await fillForm(page, values);
      let aborted = 0;
      await page.route(dataUrl, async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        aborted++;
        await route.abort("internetdisconnected");
      });
      const windowMarker = await markWindow(page);
      await actLikeAPerson(page, readyAt);
      await fields.submit.click();

      await expect(errorToast(page)).toContainText(/not sent/);
      expect(aborted, "the post was attempted once").toBe(1);
      await expect(successToast(page)).toHaveCount(0);
      await expectFormValues(page, values);
      // Still the page with its form, not the error screen.
      await expectSameDocument(page, windowMarker);
      await expect(page.locator("h1")).not.toHaveText(/error|went wrong/i);
      await expect(page.getByRole("main")).not.toContainText(/Unexpected Application Error|Something went wrong/i);
      await expect(fields.submit).toBeVisible();
      expect(leadsWith(marker), "nothing stored").toHaveLength(0);

      // The browser reports the failed fetch itself; that one console error is expected.
      dropExpectedConsoleErrors(consoleErrors, /^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/, 1);

      // Back online, the same form is sent as it is.
      await page.unroute(dataUrl);
      await fields.submit.click();
      await expect(successToast(page)).toContainText(SUCCESS);
      await expect(errorToast(page)).toHaveCount(0);
      expectStored(marker, values, source);
    });
  }

  test("/contact: empty required fields or a malformed phone are stopped by the browser: nothing sent, first invalid field marked", async ({
    page,
  }) => {
    await openForm(page, "/contact");
    const fields = formFields(page);
    const posts = recordPosts(page);
    const marker = newMarker();
    // Only the service and the message (with the marker): the name is the first invalid field.
    await fields.subject.selectOption("Fences");
    await fields.message.fill(`New fence ${marker}`);
    await fields.submit.click();
    await expect(fields.from_name).toBeFocused();
    for (const name of ["from_name", "email", "phone"] as const) {
      expect(
        await fields[name].evaluate((el: HTMLInputElement) => el.matches(":invalid") && el.validity.valueMissing),
        `${name} is :invalid, value missing`,
      ).toBe(true);
    }
    expect(await fields.subject.evaluate((el) => el.matches(":invalid"))).toBe(false);
    // No service chosen is stopped too.
    await fields.subject.selectOption("");
    expect(await fields.subject.evaluate((el: HTMLSelectElement) => el.validity.valueMissing), "no service chosen is :invalid").toBe(true);

    // Everything filled but a phone without area code: the pattern stops it.
    await fillForm(page, { ...validValues(marker), phone: "555-0147" });
    await fields.submit.click();
    await expect(fields.phone).toBeFocused();
    expect(
      await fields.phone.evaluate((el: HTMLInputElement) => el.matches(":invalid") && el.validity.patternMismatch),
      "phone is :invalid, pattern mismatch",
    ).toBe(true);

    await page.waitForTimeout(300);
    expect(
      posts.map((p) => p.url()),
      "no request sent",
    ).toEqual([]);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    expect(leadsWith(marker), "nothing stored").toHaveLength(0);
  });

  test("/: the form can be filled and sent with the keyboard alone, and the toast closed", async ({ page }) => {
    await page.clock.install();
    const readyAt = await openForm(page, "/");
    const fields = formFields(page);
    const marker = newMarker();
    const values = validValues(marker);

    // Tab from the top of the page to the first field, then through the form in order.
    let presses = 0;
    while (!(await fields.from_name.evaluate((el) => el === document.activeElement))) {
      expect(++presses, "Tab reaches Full name").toBeLessThan(40);
      await page.keyboard.press("Tab");
    }
    for (const [index, name] of fieldNames.entries()) {
      if (index > 0) await page.keyboard.press("Tab");
      await expect(fields[name], `Tab moves to ${name}`).toBeFocused();
      if (name === "subject") {
        // The list: the arrow keys move through it ("Choose a service", Fences, Kitchen, Bathroom).
        for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowDown");
        await expect(fields.subject).toHaveValue(values.subject);
      } else {
        await page.keyboard.type(values[name].replaceAll("\n", " "));
      }
    }
    // Past the optional fields, left empty, to the send button.
    for (let tabs = 0; !(await fields.submit.evaluate((el) => el === document.activeElement)); tabs++) {
      expect(tabs, "Tab reaches the send button after the optional fields").toBeLessThan(8);
      await page.keyboard.press("Tab");
    }
    await actLikeAPerson(page, readyAt);
    await page.keyboard.press("Enter");

    const toast = successToast(page);
    await expect(toast).toContainText(SUCCESS);
    // Hold the clock so the toast cannot close by itself: the button must close it.
    await holdClock(page);
    expectStored(marker, { ...values, message: values.message.replaceAll("\n", " ") }, "/");

    // Focus is on the panel's heading; the booking page's link, the phone link and the button come
    // next, then the toast.
    const panel = confirmationPanel(page);
    await expect(panel.getByRole("heading", { name: "We received your request" })).toBeFocused();
    const dismiss = toast.getByRole("button", { name: "Dismiss message" });
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: "Pick a time for the visit" })).toBeFocused();
    await expect(panel.getByRole("link", { name: "Pick a time for the visit" })).toHaveAttribute("href", /^\/book\/[A-Za-z0-9_-]{43}$/);
    await page.keyboard.press("Tab");
    await expect(panel.locator('a[href^="tel:"]')).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("button", { name: "Send another request" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dismiss, "the dismiss button is the next Tab stop").toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, source } of formPages) {
    test(`${path}: a plain post is answered in the page; a server-side error comes back 400 next to its field with the input kept; axe clean`, async ({
      page,
      browser,
    }) => {
      const readyAt = await openForm(page, path, { js: false });
      const fields = formFields(page);
      const marker = newMarker();
      // A message as long as the form lets one type, with line breaks (a plain post sends each as CR LF).
      const maxLength = Number(await fields.message.getAttribute("maxlength"));
      expect(maxLength).toBeGreaterThan(100);
      const values = { ...validValues(marker), message: longMessage(maxLength) };
      expect(values.message.split("\n").length).toBeGreaterThan(20);
      await fillForm(page, values);
      expect(await fields.message.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(maxLength);
      await actLikeAPerson(page, readyAt);
      let response = page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest());
      await fields.submit.click();
      expect((await response).status()).toBe(200);
      await page.waitForLoadState();

      // The page the post returns is the confirmation panel, with the spec's message.
      await expect(page.getByRole("main").getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
      await expectConfirmation(page);
      await expect(fields.form).toHaveCount(0);
      expectStored(marker, values, source);
      await expectNoAxeViolationsWithoutJs(page, browser, `${path} without JavaScript, the confirmation panel`, "estimate-done");

      // "Send another request" is a link back to the empty form.
      await confirmationPanel(page).getByRole("link", { name: "Send another request" }).click();
      await page.waitForLoadState();
      await expect(confirmationPanel(page)).toHaveCount(0);
      for (const name of fieldNames) await expect(fields[name]).toHaveValue("");

      // An address the browser's type=email accepts (no dot in the domain); the server refuses it.
      const bad = { ...validValues(marker), email: "maria@example", message: `Second request ${marker}` };
      await fillForm(page, bad);
      response = page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest());
      await fields.submit.click();
      expect((await response).status()).toBe(400);
      await page.waitForLoadState();

      await expect(page.getByRole("main").getByRole("alert").filter({ hasText: CHECK_FIELDS })).toBeVisible();
      await expect(page.getByText(SUCCESS)).toHaveCount(0);
      await expectFieldError(fields.email, /valid email address/);
      await expectFormValues(page, bad);
      expect(leadsWith(marker), "still only the first lead").toHaveLength(1);
      await expectNoAxeViolationsWithoutJs(page, browser, `${path} without JavaScript, after a 400`);
    });
  }
});
