/** What the admin's reviews page shows (issue 29), as the server gives it. */

/** One month of review requests and feedback, in the site's time zone. */
export interface ReviewMonth {
  /** "2026-11". */
  key: string;
  /** "Nov 2026". */
  label: string;
  sent: number;
  /** An estimate: many mail apps block images, and some load them for the reader. */
  opened: number;
  clicked: number;
  feedback: number;
  /** The average rating of the month's feedback, to one decimal; null without feedback. */
  average: number | null;
}

export interface ReviewFeedbackItem {
  id: string;
  rating: number;
  comment: string;
  name: string;
  place: string;
  /** When it was sent (last), in the site's time zone, and as stored. */
  date: string;
  dateTime: string;
  consent: boolean;
  spanish: boolean;
  /** The request it is about, or null once the request was deleted. */
  leadId: string | null;
  /** The testimonial published from it, while it is on the site. */
  testimonialId: string | null;
  /** Consent given, words to quote, not on the site yet. */
  canPublish: boolean;
}

export interface ReviewsAdminView {
  months: ReviewMonth[];
  feedback: ReviewFeedbackItem[];
  /** All the feedback there is (the list shows the newest). */
  total: number;
}
