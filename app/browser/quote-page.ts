// Types only: erased from the serialised function below, which uses nothing from outside its body.
import type { QuoteDocument, QuoteSelection } from "#app/schemas/quote.ts";
import type { QuoteTotals } from "#app/schemas/quote-money.ts";

/** What the page's data block holds (app/components/quote/quote-read.tsx `scriptData`). */
export interface QuotePageData {
  tag: string;
  updated: string;
  forOption: string;
  document: Pick<QuoteDocument, "taxBasisPoints" | "payment"> & {
    options: {
      id: string;
      name: string;
      sections: { lines: { id: string; optional: boolean; quantityMilli: number; unitPriceCents: number }[] }[];
    }[];
  };
}

/**
 * The quote page's script (issue 27), served as a cached file (app/components/script-files.ts,
 * ADR 065) and started on the page's forms. On the pick: the totals and the payment schedule of
 * the chosen option and extras at once, computed by the server's own `quoteTotals` (passed in,
 * serialised with it), so the page and the server agree to the cent; the "Update total" button,
 * needed only without JavaScript, is hidden.
 *
 * Serialised with `toString()`: it must use nothing from outside its own body.
 */
export function setupQuoteTotals(doc: Document, totalsOf: (document: unknown, selection: QuoteSelection) => QuoteTotals): void {
  const pick = doc.querySelector<HTMLFormElement>("form[data-quote-pick]");
  const block = doc.querySelector("script[data-quote-data]");
  if (pick && block && pick.dataset.ready !== "true") {
    pick.dataset.ready = "true";
    const data = JSON.parse(block.textContent || "{}") as QuotePageData;
    const money = new Intl.NumberFormat(data.tag, { style: "currency", currency: "USD" });
    const write = (selector: string, cents: number) => {
      const cell = pick.querySelector(selector);
      if (cell) cell.textContent = money.format(cents / 100);
    };
    const update = (announce: boolean) => {
      const radio = pick.querySelector<HTMLInputElement>('input[name="option"]:checked');
      const hidden = pick.querySelector<HTMLInputElement>('input[type="hidden"][name="option"]');
      const optionId = radio?.value || hidden?.value || data.document.options[0]?.id || "";
      const extraIds: string[] = [];
      for (const box of pick.querySelectorAll<HTMLInputElement>('input[name="extra"]')) {
        const own = box.dataset.extraOf === optionId;
        box.disabled = !own;
        if (own && box.checked) extraIds.push(box.value);
      }
      for (const card of pick.querySelectorAll<HTMLElement>("[data-option-card]")) {
        card.classList.toggle("quote-option--chosen", card.dataset.optionCard === optionId);
      }
      let totals: QuoteTotals;
      try {
        totals = totalsOf(data.document, { optionId, extraIds });
      } catch {
        return;
      }
      write('[data-total="base"]', totals.baseCents);
      write('[data-total="extras"]', totals.extrasCents);
      write('[data-total="subtotal"]', totals.subtotalCents);
      write('[data-total="tax"]', totals.taxCents);
      write('[data-total="total"]', totals.totalCents);
      for (const payment of totals.schedule) write(`[data-payment="${payment.id}"]`, payment.cents);
      const name = data.document.options.find((option) => option.id === optionId)?.name ?? "";
      const heading = pick.querySelector("[data-total-for]");
      if (heading) heading.textContent = data.forOption.replace("{name}", name);
      const status = pick.querySelector("[data-total-status]");
      if (status && announce) status.textContent = data.updated.replace("{amount}", money.format(totals.totalCents / 100));
    };
    const button = pick.querySelector<HTMLElement>("[data-update-total]");
    if (button) button.hidden = true;
    pick.addEventListener("change", () => update(true));
    update(false);
  }
}

/**
 * The signing step's drawn mark: a canvas for a finger, a pen or a mouse, written as SVG path data
 * ("M x y L x y …", in the canvas's 600 × 180 units) into the form's `mark` field. Serialised
 * with `toString()` like the totals.
 */
export function setupMarkPad(doc: Document): void {
  const sign = doc.querySelector<HTMLFormElement>("form[data-quote-sign]");
  const pad = sign?.querySelector<HTMLElement>("[data-mark-pad]");
  const canvas = pad?.querySelector<HTMLCanvasElement>("canvas[data-mark-canvas]");
  const field = sign?.querySelector<HTMLInputElement>("input[data-mark-input]");
  const context = canvas?.getContext("2d");
  if (!sign || !pad || !canvas || !field || !context || sign.dataset.ready === "true") return;
  sign.dataset.ready = "true";
  pad.hidden = false;
  context.lineWidth = 3;
  context.lineCap = "round";
  context.lineJoin = "round";
  context.strokeStyle = "#1a202c";
  const MAX = 19_000;
  let path = "";
  let drawing = false;
  const point = (event: PointerEvent) => {
    const box = canvas.getBoundingClientRect();
    const x = Math.round(((event.clientX - box.left) / box.width) * canvas.width);
    const y = Math.round(((event.clientY - box.top) / box.height) * canvas.height);
    return { x: Math.max(0, Math.min(canvas.width, x)), y: Math.max(0, Math.min(canvas.height, y)) };
  };
  canvas.addEventListener("pointerdown", (event) => {
    if (path.length > MAX) return;
    drawing = true;
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic one) draws without capture.
    }
    const { x, y } = point(event);
    path += `${path ? " " : ""}M${x} ${y}`;
    context.beginPath();
    context.moveTo(x, y);
    event.preventDefault();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drawing || path.length > MAX) return;
    const { x, y } = point(event);
    path += ` L${x} ${y}`;
    context.lineTo(x, y);
    context.stroke();
    field.value = path;
  });
  const stop = () => {
    drawing = false;
    field.value = path;
  };
  canvas.addEventListener("pointerup", stop);
  canvas.addEventListener("pointercancel", stop);
  pad.querySelector("[data-mark-clear]")?.addEventListener("click", () => {
    path = "";
    field.value = "";
    context.clearRect(0, 0, canvas.width, canvas.height);
  });
}
