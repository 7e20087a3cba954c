import { Link } from "react-router";

/**
 * A message above a form. Errors are `role="alert"` and confirmations `role="status"`, so a
 * screen reader reads them when they appear; both are plain text in the page, never `alert()`.
 */
export function FormMessage({ kind, id, children }: { kind: "error" | "success"; id?: string; children: React.ReactNode }) {
  return (
    <div className={`form-result form-result--${kind}`} role={kind === "error" ? "alert" : "status"} id={id}>
      {children}
    </div>
  );
}

/** An account form's one button, under its fields. */
export function AccountSubmit({ children }: { children: React.ReactNode }) {
  return (
    <div className="account-form__actions">
      <button type="submit" className="button button--primary">
        {children}
      </button>
    </div>
  );
}

/** The original site's line under its sign-in form, with each policy linked. */
export function TermsNote() {
  return (
    <p className="account-form__terms">
      By signing up, you agree to our <Link to="/terms">Terms</Link>, <Link to="/privacy">Data Policy</Link> and{" "}
      <Link to="/cookies">Cookies Policy</Link>.
    </p>
  );
}

/**
 * "Continue with Google" as a plain link (a GET): the site's CSP limits `form-action` to this
 * site, and a form posting to /auth/google could not follow the redirect to Google.
 */
export function GoogleLink({ redirectTo }: { redirectTo: string }) {
  const href = redirectTo ? `/auth/google?${new URLSearchParams({ redirectTo })}` : "/auth/google";
  return (
    <p className="account-form__alternative">
      <a className="button button--secondary button--google" href={href}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 18 18">
          <path
            fill="#4285F4"
            d="M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 0 1-1.8 2.72v2.26h2.92c1.7-1.57 2.68-3.88 2.68-6.62z"
          />
          <path
            fill="#34A853"
            d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.92-2.26c-.8.54-1.84.86-3.04.86-2.34 0-4.32-1.58-5.03-3.7H.96v2.33A9 9 0 0 0 9 18z"
          />
          <path
            fill="#FBBC05"
            d="M3.97 10.72A5.4 5.4 0 0 1 3.68 9c0-.6.1-1.18.29-1.72V4.95H.96A9 9 0 0 0 0 9c0 1.45.35 2.83.96 4.05l3.01-2.33z"
          />
          <path
            fill="#EA4335"
            d="M9 3.58c1.32 0 2.5.45 3.44 1.35l2.58-2.58C13.46.89 11.43 0 9 0A9 9 0 0 0 .96 4.95l3.01 2.33C4.68 5.16 6.66 3.58 9 3.58z"
          />
        </svg>
        Continue with Google
      </a>
    </p>
  );
}
