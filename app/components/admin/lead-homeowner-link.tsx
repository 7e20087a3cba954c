import { useState } from "react";
import { Form } from "react-router";
import { resultFor, type AdminActionResult } from "#app/schemas/admin-action.ts";

/**
 * The request's "Homeowner's page" (ADR 069): the link the homeowner's emails carry, to copy into
 * a text message, and "Replace link" when it reached the wrong person (the old one then answers
 * 404 and any browser confirmed with it must confirm again). Admins only, like the whole page.
 */
export function LeadHomeownerLink({ action, url, actionData }: { action: string; url: string; actionData: AdminActionResult | undefined }) {
  const [copied, setCopied] = useState(false);
  const result = resultFor("homeowner-link-replace", undefined, actionData);
  return (
    <section className="admin-section" aria-labelledby="lead-homeowner-link">
      <h2 id="lead-homeowner-link">Homeowner's page</h2>
      <p className="admin-help">
        Their requests, photos, visit, quotes and your replies, in their language, without a password. Their emails carry this link; after
        14 days without one, the page emails them a code first.
      </p>
      <label htmlFor="homeowner-link-url">Link</label>
      <input id="homeowner-link-url" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <p className="admin-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          Copy link
        </button>
        <output>{copied ? "Copied." : ""}</output>
      </p>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="homeowner-link-replace" />
        <button type="submit" className="button button--secondary">
          Replace link
        </button>
      </Form>
      {result && "error" in result ? <p role="alert">{result.error}</p> : null}
      {result && !("error" in result) ? <output className="admin-help">{result.message}</output> : null}
    </section>
  );
}
