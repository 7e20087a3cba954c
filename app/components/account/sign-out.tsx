import { Form } from "react-router";

/** Sign out here, or everywhere, with how many browsers are signed in. */
export function SignOutSection({ sessionCount }: { sessionCount: number }) {
  return (
    <section className="account__section" aria-labelledby="signout-title">
      <h2 id="signout-title">Sign out</h2>
      <p>
        You are signed in on {sessionCount === 1 ? "this browser only" : `${sessionCount} browsers or devices`}. &lsquo;Sign out
        everywhere&rsquo; also ends the others, for example on a phone you no longer have.
      </p>
      <div className="account__signout">
        <Form method="post" action="/logout">
          <button type="submit" className="button button--secondary">
            Sign out
          </button>
        </Form>
        <Form method="post" action="/logout">
          <input type="hidden" name="intent" value="everywhere" />
          <button type="submit" className="button button--secondary">
            Sign out everywhere
          </button>
        </Form>
      </div>
    </section>
  );
}
