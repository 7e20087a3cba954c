/**
 * What happens after an estimate request, in the homeowner's words: the confirmation panel on the
 * page and the confirmation email say the same three steps, so neither promises more than the other.
 */
export const estimateNextSteps = [
  "We call or text you to set a time.",
  "We visit to measure and talk through the options.",
  "You get a written quote, free and with no obligation.",
] as const;
