/**
 * The estimate form's script (docs/decisions/026-estimate-form-script.md). The form is plain
 * server-rendered HTML that works on its own (a multipart post to its page, answered with the
 * confirmation panel or the errors); this makes it better where JavaScript runs:
 *
 * - it posts in the background (XMLHttpRequest, for upload progress) to the JSON route, with the
 *   visit's attribution (app/browser/attribution.ts) in the hidden fields, and says "Sending…";
 * - a toast tells the result (polite for success, assertive for errors; it closes by itself or
 *   with its button);
 * - errors appear next to their fields, what was typed stays, and the first bad field gets
 *   focus, scrolled to the middle of the screen, clear of the sticky header;
 * - photos: its own list of chosen files, checked as they are picked (app/browser/photo-picks.ts),
 *   and a progress bar per photo while they upload;
 * - on success the form gives way to the confirmation panel (focus on its heading), and a fresh
 *   form token is fetched: a used one sent again would mark the next request "needs review".
 *   "Send another request" brings the empty form back.
 *
 * Public pages load no framework (ADR 006): the page inlines this function with `toString()`,
 * like the gallery's lightbox, so it must use nothing from outside its own body.
 */
import type { PhotoPickOptions, SniffPhoto, setupPhotoPicks } from "#app/browser/photo-picks.ts";

// The page serialises setupEstimateForm with toString(): its helpers must live in its body.
/* oxlint-disable unicorn/consistent-function-scoping */
export interface EstimateScriptOptions extends PhotoPickOptions {
  /** Where the background post goes (ESTIMATE_POST_PATH with the page). */
  endpoint: string;
  tokenField: string;
  tokenPath: string;
  tokenPlaceholder: string;
  /** The sessionStorage key of the visit's attribution, and the hidden fields it fills. */
  visitKey: string;
  attributionFields: readonly string[];
  /**
   * The browser's own checks in the page's language: per field, the sentence for each failed
   * ValidityState flag; null leaves the browser's words (an English page).
   */
  validity: Record<string, Partial<Record<"valueMissing" | "typeMismatch" | "patternMismatch", string>>> | null;
}

/**
 * `photoPicks` (setupPhotoPicks) and `sniff` (the server's sniffImageType) come in as arguments:
 * the page serialises each of them the same way, so each stays one self-contained function.
 */
export function setupEstimateForm(
  root: HTMLElement | null,
  o: EstimateScriptOptions,
  photoPicks: typeof setupPhotoPicks,
  sniff: SniffPhoto,
): void {
  if (!root || root.dataset.estimateReady === "true") return;
  const form = root.querySelector<HTMLFormElement>("form[data-estimate-form]");
  const panel = root.querySelector<HTMLElement>("[data-estimate-panel]");
  const submit = form?.querySelector<HTMLButtonElement>("button[type=submit]");
  const token = form?.elements.namedItem(o.tokenField);
  if (!form || !panel || !submit || !(token instanceof HTMLInputElement)) return;
  root.dataset.estimateReady = "true";
  const sendLabel = submit.textContent ?? "";
  const w = o.words;

  // --- The browser's checks, in the page's language ---------------------------------------------
  const validity = o.validity;
  if (validity) {
    form.addEventListener(
      "invalid",
      (event) => {
        const control = event.target as HTMLInputElement;
        const words = validity[control.name];
        if (!words) return;
        const flags = ["valueMissing", "typeMismatch", "patternMismatch"] as const;
        const failed = flags.find((flag) => control.validity[flag] && words[flag]);
        if (failed) control.setCustomValidity(words[failed]!);
      },
      true,
    );
    // A changed value is judged again from scratch.
    const reset = (event: Event) => {
      const control = event.target as HTMLInputElement;
      if (typeof control.setCustomValidity === "function") control.setCustomValidity("");
    };
    form.addEventListener("input", reset, true);
    form.addEventListener("change", reset, true);
  }

  // --- The form token -------------------------------------------------------------------------
  const ensureToken = async () => {
    if (token.value !== "" && token.value !== o.tokenPlaceholder) return;
    try {
      const response = await fetch(o.tokenPath, { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!response.ok) return;
      const body = (await response.json()) as { token?: unknown };
      if (typeof body.token === "string") token.value = body.token;
    } catch {
      // Offline: the post will fail too, and say so.
    }
  };
  void ensureToken();

  // --- The toast ------------------------------------------------------------------------------
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  const clearToast = () => {
    clearTimeout(toastTimer);
    for (const region of root.querySelectorAll("[data-toast]")) region.replaceChildren();
  };
  const showToast = (kind: "success" | "error", text: string) => {
    clearToast();
    const region = root.querySelector(`[data-toast="${kind}"]`);
    if (!region) return;
    const box = document.createElement("div");
    box.className = `toast toast--${kind}`;
    box.dataset.testid = "toast";
    const message = document.createElement("p");
    message.className = "toast__text";
    message.textContent = text;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "toast__close";
    close.innerHTML = '<span aria-hidden="true">×</span><span class="visually-hidden"></span>';
    close.lastElementChild!.textContent = w.dismiss;
    close.addEventListener("click", clearToast);
    box.append(message, close);
    region.append(box);
    toastTimer = setTimeout(clearToast, kind === "error" ? 12_000 : 6_000);
  };

  // --- Field errors ---------------------------------------------------------------------------
  const clearErrors = () => {
    for (const error of form.querySelectorAll(".field__error")) error.remove();
    for (const control of form.querySelectorAll("[aria-invalid]")) {
      control.removeAttribute("aria-invalid");
      const kept = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && !id.endsWith("-error"));
      if (kept.length > 0) control.setAttribute("aria-describedby", kept.join(" "));
      else control.removeAttribute("aria-describedby");
    }
  };
  // The element that carries a field's error: the control, or a radio group's fieldset.
  const errorTarget = (name: string): HTMLElement | null => {
    const item = form.elements.namedItem(name);
    if (item instanceof RadioNodeList) {
      const first = item[0];
      return first instanceof HTMLElement ? first.closest("fieldset") : null;
    }
    return item instanceof HTMLElement ? item : null;
  };
  /** Marks each field with its error; returns the first one in the form's order. */
  const showErrors = (errors: Record<string, string>): HTMLElement | null => {
    const marked: HTMLElement[] = [];
    for (const [name, text] of Object.entries(errors)) {
      const target = errorTarget(name);
      if (!target || !target.id) continue;
      const error = document.createElement("p");
      error.className = "field__error";
      error.id = `${target.id}-error`;
      error.textContent = text;
      (target.tagName === "FIELDSET" ? target : (target.closest(".field") ?? target.parentElement))?.append(error);
      target.setAttribute("aria-invalid", "true");
      target.setAttribute("aria-describedby", [target.getAttribute("aria-describedby"), error.id].filter(Boolean).join(" "));
      marked.push(target);
    }
    marked.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    return marked[0] ?? null;
  };
  const focusField = (target: HTMLElement) => {
    const control = target.tagName === "FIELDSET" ? target.querySelector<HTMLElement>("input") : target;
    if (!control) return;
    control.focus({ preventScroll: true });
    // The middle of the screen is clear of the sticky header whatever its height.
    control.scrollIntoView({ block: "center", behavior: "instant" });
  };

  // --- Photos (app/browser/photo-picks.ts) ---------------------------------------------------
  const picks = photoPicks(form, o, sniff, () => sending);

  // --- Sending --------------------------------------------------------------------------------
  interface Reply {
    status?: unknown;
    message?: unknown;
    fieldErrors?: Record<string, string>;
    reference?: unknown;
    nextSteps?: unknown;
    photos?: { refused?: { name: string; reason: string }[] };
    booking?: unknown;
  }
  interface Answer {
    status: number;
    type: string;
    text: string;
  }
  const post = (body: FormData | URLSearchParams) =>
    new Promise<Answer>((resolve) => {
      const request = new XMLHttpRequest();
      request.open("POST", o.endpoint);
      request.setRequestHeader("Accept", "application/json");
      // Progress of the whole body, mapped onto each photo's bytes (the text fields come first).
      request.upload.addEventListener("progress", (event) => {
        const photos = picks.list();
        if (!event.lengthComputable || photos.length === 0) return;
        const photoBytes = photos.reduce((sum, photo) => sum + photo.file.size, 0);
        let start = Math.max(0, event.total - photoBytes);
        for (const photo of photos) {
          const done = Math.min(Math.max(event.loaded - start, 0), photo.file.size);
          photo.bar.value = Math.round((done / photo.file.size) * 100);
          start += photo.file.size;
        }
      });
      const finish = () =>
        resolve({
          status: request.status,
          type: request.getResponseHeader("content-type") ?? "",
          text: request.responseText ?? "",
        });
      request.addEventListener("load", finish);
      request.addEventListener("error", finish);
      request.addEventListener("abort", finish);
      request.addEventListener("timeout", finish);
      request.send(body);
    });

  const fillAttribution = () => {
    let visit: Record<string, unknown> = {};
    try {
      visit = JSON.parse(window.sessionStorage.getItem(o.visitKey) ?? "{}") as Record<string, unknown>;
    } catch {
      // No storage: no attribution.
    }
    for (const name of o.attributionFields) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = typeof visit[name] === "string" ? visit[name] : "";
    }
  };

  let sending = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sending) return;
    sending = true;
    submit.setAttribute("aria-disabled", "true");
    submit.textContent = w.sending;
    void send().finally(() => {
      sending = false;
      submit.removeAttribute("aria-disabled");
      submit.textContent = sendLabel;
    });
  });

  const send = async () => {
    const photos = await picks.settled();
    await ensureToken();
    fillAttribution();
    const fields = new FormData(form);
    fields.delete(o.photoField);
    let body: FormData | URLSearchParams;
    if (photos.length > 0) {
      for (const photo of photos) {
        fields.append(o.photoField, photo.file, photo.file.name);
        photo.bar.value = 0;
        photo.bar.hidden = false;
      }
      body = fields;
    } else {
      // Without photos, the small urlencoded form.
      body = new URLSearchParams();
      for (const [name, value] of fields) if (typeof value === "string") body.append(name, value);
    }
    const answer = await post(body);
    for (const photo of photos) photo.bar.hidden = true;

    let result: Reply | null = null;
    if (answer.type.includes("json")) {
      try {
        result = JSON.parse(answer.text) as Reply;
      } catch {
        result = null;
      }
    }
    if (result?.status === "success" && typeof result.message === "string") {
      showToast("success", result.message);
      clearErrors();
      showPanel(
        typeof result.reference === "string" ? result.reference : "",
        Array.isArray(result.nextSteps) ? result.nextSteps.filter((step) => typeof step === "string") : [],
        result.photos?.refused ?? [],
        typeof result.booking === "string" && result.booking.startsWith("/") ? result.booking : "",
      );
      form.reset();
      picks.clear();
      // The token was used: the next request needs a fresh one.
      token.value = "";
      void ensureToken();
      return;
    }
    let message: string;
    if (typeof result?.message === "string") message = result.message;
    else if (answer.status === 0) {
      message = w.offline;
    } else if (answer.status < 500 && answer.type.startsWith("text/plain") && answer.text.length < 500) message = answer.text;
    else {
      message = w.serverError.replace("{status}", String(answer.status));
    }
    showToast("error", message);
    clearErrors();
    const first = result?.fieldErrors ? showErrors(result.fieldErrors) : null;
    if (first) focusField(first);
  };

  // --- The confirmation panel -----------------------------------------------------------------
  const showPanel = (reference: string, steps: string[], refused: { name: string; reason: string }[], booking: string) => {
    // The request's own booking page: the homeowner picks the visit's time now (ADR 071).
    const bookingLine = panel.querySelector<HTMLElement>("[data-booking-line]");
    const bookingLink = panel.querySelector<HTMLAnchorElement>("[data-booking-link]");
    if (bookingLine && bookingLink) {
      bookingLink.href = booking || "#";
      bookingLine.hidden = booking === "";
    }
    const referenceText = panel.querySelector<HTMLElement>("[data-reference]");
    if (referenceText) referenceText.textContent = reference;
    const referenceLine = panel.querySelector<HTMLElement>("[data-reference-line]");
    if (referenceLine) referenceLine.hidden = reference === "";
    // The first step as this homeowner asked to be reached, as their email says it.
    const stepList = panel.querySelector("[data-next-steps]");
    if (stepList && steps.length > 0) {
      stepList.replaceChildren(
        ...steps.map((step) => {
          const item = document.createElement("li");
          item.textContent = step;
          return item;
        }),
      );
    }
    const refusedBox = panel.querySelector<HTMLElement>("[data-refused]");
    const refusedList = refusedBox?.querySelector("ul");
    if (refusedBox && refusedList) {
      refusedList.replaceChildren(
        ...refused.map(({ name, reason }) => {
          const item = document.createElement("li");
          item.textContent = `${name}: ${reason}`;
          return item;
        }),
      );
      refusedBox.hidden = refused.length === 0;
    }
    form.hidden = true;
    panel.hidden = false;
    panel.querySelector<HTMLElement>("[data-panel-heading]")?.focus();
  };
  panel.querySelector("[data-action=another]")?.addEventListener("click", (event) => {
    event.preventDefault();
    panel.hidden = true;
    form.hidden = false;
    form.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select, textarea")?.focus();
  });
}
