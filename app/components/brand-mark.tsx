/**
 * The logo's mark (public/images/logo.svg) drawn in the page itself: the header shows it on every
 * page, and 428 bytes in the HTML cost less than a request that a first visit waits for and that
 * can only be cached for days (its address carries no version). The file stays for what needs an
 * address: the structured data's logo and the icons made from it.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} width="40" height="40" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="10" fill="#1f3a5f" />
      <rect x="31" y="10" width="5" height="9" fill="#c4622d" />
      <path d="M12 23v15h24V23" fill="#f3e9dc" />
      <path d="M7 25L24 10l17 15" fill="none" stroke="#c4622d" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="20" y="27" width="8" height="11" fill="#1f3a5f" />
    </svg>
  );
}
