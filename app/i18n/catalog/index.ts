/**
 * The catalogs, one per language, each the union of its area files (ADR 064). An area file is
 * added to both lists at once; the Spanish files are typed by the English keys, so a key missing
 * from Spanish does not compile, and app/i18n/catalog.test.ts checks the rest (extra keys, the
 * ICU syntax, the same placeholders on both sides).
 */
import { site as enSite } from "#app/i18n/catalog/en/site.ts";
import { site as esSite } from "#app/i18n/catalog/es/site.ts";
import { services as enServices } from "#app/i18n/catalog/en/services.ts";
import { services as esServices } from "#app/i18n/catalog/es/services.ts";
import { legal as enLegal } from "#app/i18n/catalog/en/legal.ts";
import { legal as esLegal } from "#app/i18n/catalog/es/legal.ts";
import { errors as enErrors } from "#app/i18n/catalog/en/errors.ts";
import { errors as esErrors } from "#app/i18n/catalog/es/errors.ts";
import { pages as enPages } from "#app/i18n/catalog/en/pages.ts";
import { pages as esPages } from "#app/i18n/catalog/es/pages.ts";
import { servicesCopy as enServicesCopy } from "#app/i18n/catalog/en/services-copy.ts";
import { servicesCopy as esServicesCopy } from "#app/i18n/catalog/es/services-copy.ts";
import { siteTexts as enSiteTexts } from "#app/i18n/catalog/en/site-texts.ts";
import { siteTexts as esSiteTexts } from "#app/i18n/catalog/es/site-texts.ts";
import { mail as enMail } from "#app/i18n/catalog/en/mail.ts";
import { mail as esMail } from "#app/i18n/catalog/es/mail.ts";
import { estimate as enEstimate } from "#app/i18n/catalog/en/estimate.ts";
import { estimate as esEstimate } from "#app/i18n/catalog/es/estimate.ts";
import { lightbox as enLightbox } from "#app/i18n/catalog/en/lightbox.ts";
import { lightbox as esLightbox } from "#app/i18n/catalog/es/lightbox.ts";
import { gallery as enGallery } from "#app/i18n/catalog/en/gallery.ts";
import { gallery as esGallery } from "#app/i18n/catalog/es/gallery.ts";
import { projects as enProjects } from "#app/i18n/catalog/en/projects.ts";
import { projects as esProjects } from "#app/i18n/catalog/es/projects.ts";
import { quotePdf as enQuotePdf } from "#app/i18n/catalog/en/quote-pdf.ts";
import { quotePdf as esQuotePdf } from "#app/i18n/catalog/es/quote-pdf.ts";
import { homeowner as enHomeowner } from "#app/i18n/catalog/en/homeowner.ts";
import { homeowner as esHomeowner } from "#app/i18n/catalog/es/homeowner.ts";
import { booking as enBooking } from "#app/i18n/catalog/en/booking.ts";
import { booking as esBooking } from "#app/i18n/catalog/es/booking.ts";
import { quoteMail as enQuoteMail } from "#app/i18n/catalog/en/quote-mail.ts";
import { quoteMail as esQuoteMail } from "#app/i18n/catalog/es/quote-mail.ts";
import { quote as enQuote } from "#app/i18n/catalog/en/quote.ts";
import { quote as esQuote } from "#app/i18n/catalog/es/quote.ts";
import { quoteBuilder as enQuoteBuilder } from "#app/i18n/catalog/en/quote-builder.ts";
import { quoteBuilder as esQuoteBuilder } from "#app/i18n/catalog/es/quote-builder.ts";
import { unsubscribe as enUnsubscribe } from "#app/i18n/catalog/en/unsubscribe.ts";
import { unsubscribe as esUnsubscribe } from "#app/i18n/catalog/es/unsubscribe.ts";
import { reviewMail as enReviewMail } from "#app/i18n/catalog/en/review-mail.ts";
import { reviewMail as esReviewMail } from "#app/i18n/catalog/es/review-mail.ts";
import { review as enReview } from "#app/i18n/catalog/en/review.ts";
import { review as esReview } from "#app/i18n/catalog/es/review.ts";

export const en = {
  ...enSite,
  ...enServices,
  ...enLegal,
  ...enErrors,
  ...enPages,
  ...enServicesCopy,
  ...enSiteTexts,
  ...enMail,
  ...enEstimate,
  ...enLightbox,
  ...enGallery,
  ...enProjects,
  ...enQuotePdf,
  ...enHomeowner,
  ...enBooking,
  ...enQuoteMail,
  ...enQuote,
  ...enQuoteBuilder,
  ...enUnsubscribe,
  ...enReviewMail,
  ...enReview,
} as const;
export type MessageKey = keyof typeof en;
export const es: Record<MessageKey, string> = {
  ...esSite,
  ...esServices,
  ...esLegal,
  ...esErrors,
  ...esPages,
  ...esServicesCopy,
  ...esSiteTexts,
  ...esMail,
  ...esEstimate,
  ...esLightbox,
  ...esGallery,
  ...esProjects,
  ...esQuotePdf,
  ...esHomeowner,
  ...esBooking,
  ...esQuoteMail,
  ...esQuote,
  ...esQuoteBuilder,
  ...esUnsubscribe,
  ...esReviewMail,
  ...esReview,
};
