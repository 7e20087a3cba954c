/**
 * The Texas notices and the signature block of a signed quote's PDF (ADR 067, ADR 068). Each notice
 * is set at the size and weight its statute asks (`minPoints`, `bold`) and where it belongs:
 * "before-signing" ones before the signature block, "at-signature" ones right above the signature
 * line, "after-signature" ones each on a page of its own after it (the cancellation form, to tear
 * off). The block shows the typed name, the drawn mark if any, and the audit line of the record.
 */
import type { NoticeText } from "#app/schemas/quote.ts";
import { shortBrowser } from "#app/server/quotes/pdf-format.server.ts";
import type { QuotePdfSignature } from "#app/server/quotes/pdf.server.ts";
import {
  ensureSpace,
  font,
  heading,
  paragraphs,
  tagged,
  typography,
  type PdfWriter,
  type StructElement,
} from "#app/server/quotes/pdf-writer.server.ts";

/** The mark's box on the quote page, in its SVG units. */
const markBox = { width: 600, height: 200 };
const markScale = 0.36;

function noticeSize(text: NoticeText): number {
  return Math.max(text.minPoints, typography.body);
}

export function notice(w: PdfWriter, parent: StructElement, text: NoticeText): void {
  const size = noticeSize(text);
  const part = tagged(w, parent, "Sect");
  ensureSpace(w, size * 6);
  w.doc.moveDown(0.6);
  font(w, "bold", size + 1);
  tagged(w, part, "H3", () => w.doc.text(text.title, w.left, w.doc.y, { width: w.width }));
  w.doc.moveDown(0.3);
  paragraphs(w, part, text.body, { size, bold: text.bold });
  part.end();
}

/**
 * The notices of one placement. A page after the signature starts with `pageContext` (the quote,
 * its version and the signing date), so a form torn off still says which transaction it cancels.
 */
export function noticesAt(w: PdfWriter, notices: readonly NoticeText[], placement: NoticeText["placement"], pageContext = ""): void {
  const chosen = notices.filter((text) => text.placement === placement);
  if (chosen.length === 0) return;
  const part = tagged(w, w.root, "Sect");
  for (const text of chosen) {
    if (placement === "after-signature") {
      w.doc.addPage();
      if (pageContext) paragraphs(w, part, pageContext, { color: typography.muted });
    }
    notice(w, part, text);
  }
  part.end();
}

/** The drawn mark, scaled into the block, as a figure whose words are the signer's name. */
function mark(w: PdfWriter, parent: StructElement, signature: QuotePdfSignature): number {
  const height = markBox.height * markScale;
  if (signature.markKind === "none" || !signature.mark.trim()) return 0;
  const alt = w.t(signature.markKind === "keyboard" ? "quotePdf.markKeyboard" : "quotePdf.markDrawn", { name: signature.fullName });
  const x = w.left;
  const y = w.doc.y;
  tagged(
    w,
    parent,
    "Figure",
    () => {
      w.doc.save();
      w.doc.translate(x, y).scale(markScale);
      // A 600×200 box: a path outside it is clipped, never drawn over the text around it.
      w.doc.rect(0, 0, markBox.width, markBox.height).clip();
      w.doc.path(signature.mark).lineWidth(3.2).lineCap("round").lineJoin("round").strokeColor("#0b2a66").stroke();
      w.doc.restore();
    },
    { alt },
  );
  return height;
}

export function signatureBlock(w: PdfWriter, notices: readonly NoticeText[], signature: QuotePdfSignature): void {
  heading(w, w.root, "H2", w.t("quotePdf.signature"), 160);
  noticesAt(w, notices, "at-signature");
  const part = tagged(w, w.root, "Sect");
  ensureSpace(w, markBox.height * markScale + 90);
  w.doc.moveDown(0.8);
  const markHeight = mark(w, part, signature);
  const lineY = w.doc.y + Math.max(markHeight, 24);
  w.doc.markContent("Artifact", { type: "Layout" });
  w.doc
    .moveTo(w.left, lineY)
    .lineTo(w.left + 280, lineY)
    .lineWidth(0.8)
    .strokeColor(typography.ink)
    .stroke();
  w.doc.endMarkedContent();
  w.doc.y = lineY + 4;
  font(w, "bold", typography.body + 1);
  tagged(w, part, "P", () => w.doc.text(w.t("quotePdf.signedBy", { name: signature.fullName }), w.left, w.doc.y, { width: w.width }));
  w.doc.moveDown(0.3);
  const audit = w.t("quotePdf.audit", {
    signedAt: w.format.dateTime(signature.signedAt),
    ip: signature.ip,
    browser: shortBrowser(signature.userAgent),
    sha256: signature.documentSha256,
    version: signature.version,
    consentedAt: w.format.dateTime(signature.consentedAt),
  });
  paragraphs(w, part, audit, { size: typography.small + 0.5, color: typography.muted });
  part.end();
}
