/**
 * What the homeowner's page shows (ADR 069), as the server gives it to the page: every sentence
 * already in the URL's language, every date and amount already written for it.
 */

export interface HomeownerPhotoView {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface HomeownerRequestView {
  id: string;
  reference: string;
  sent: string;
  dateTime: string;
  subject: string;
  message: string;
  status: string;
  photos: HomeownerPhotoView[];
  /** A sentence: the scheduled visit's day and arrival window, a cancelled one, or none yet. */
  visit: { scheduled: boolean; text: string };
  /** The request's booking page (ADR 071): to pick the visit's time, or move or cancel it; null once the job is decided. */
  booking: { url: string; label: string } | null;
  /** The finished job's review page (issue 29): "Tell us how we did"; null while the job has no review request. */
  review: { url: string; label: string } | null;
}

export interface HomeownerQuoteView {
  title: string;
  sent: string;
  status: string;
  total: string | null;
  url: string;
  openLabel: string;
  pdfUrl: string | null;
}

export interface HomeownerPageView {
  business: { name: string; phone: string; phoneHref: string };
  requests: HomeownerRequestView[];
  quotes: HomeownerQuoteView[];
  replies: { id: string; subject: string; body: string; sent: string; dateTime: string }[];
}
