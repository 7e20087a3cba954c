import { useState } from "react";

/**
 * The request's booking page (ADR 071), to copy into a text message after a call: the homeowner
 * picks the visit's time there, or moves it. The same address their emails carry.
 */
export function BookingLink({ url, name }: { url: string; name: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="admin-visit__booking-link">
      <label htmlFor="booking-link-url">Booking page:</label>
      <input id="booking-link-url" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <p className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button--quiet"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          Copy link<span className="visually-hidden"> to the booking page</span>
        </button>
        {/* Not an <output> (role "status"): the visit section's one status is what its forms did. */}
        <span aria-live="polite">{copied ? "Copied." : ""}</span>
      </p>
      <p className="admin-help">Text it to {name} after a call: they pick one of your open times there, or move the one they have.</p>
    </div>
  );
}
