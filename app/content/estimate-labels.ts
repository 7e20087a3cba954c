/**
 * The estimate form's own labels (app/components/estimate/estimate-fields.tsx), as the homeowner's
 * copy of their request repeats them: "What do you need?", not "Subject". A unit test holds the
 * form and these in step.
 */
export const estimateFormLabels = {
  from_name: "Full name",
  email: "Email",
  phone: "Phone",
  subject: "What do you need?",
  message: "Message",
  zip: "ZIP code",
  street_address: "Street address",
  contact_method: "Preferred way to reach you",
  best_time: "Best time to reach you",
  photos: "Photos of the job",
} as const;
