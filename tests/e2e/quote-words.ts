/** What a homeowner reads and taps on the quote page, in each language (quote-page.spec, quote-journey.spec). */
export const quotePageWords = {
  en: {
    better: "Better",
    extra: "Shower niche",
    next: "Continue to sign",
    consent: "I agree to sign and receive these records electronically",
    name: "Your full name",
    typed: "Use my typed name as my mark",
    sign: "Sign",
    signed: "Signed",
  },
  es: {
    better: "Mejor",
    extra: "Nicho en la regadera",
    next: "Continuar para firmar",
    consent: "Acepto firmar y recibir estos documentos de forma electrónica",
    name: "Su nombre completo",
    typed: "Usar mi nombre escrito como mi firma",
    sign: "Firmar",
    signed: "Firmada",
  },
} as const;
