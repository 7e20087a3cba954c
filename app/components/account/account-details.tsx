import { Link } from "react-router";

/** The signed-in person as /profile shows them. */
interface ProfileAccount {
  name: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
  hasPassword: boolean;
  hasGoogle: boolean;
}

function signInMethods(account: { hasPassword: boolean; hasGoogle: boolean }): string {
  if (account.hasPassword && account.hasGoogle) return "Password and Google";
  if (account.hasGoogle) return "Google";
  return "Password";
}

/** Who is signed in: name, email, role and how they sign in. */
export function AccountDetails({ account }: { account: ProfileAccount }) {
  return (
    <section className="account__section" aria-labelledby="details-title">
      <h2 id="details-title">Your details</h2>
      <dl className="details-list">
        <div>
          <dt>Name</dt>
          <dd>{account.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            {account.email}
            {account.emailVerified ? " (verified)" : null}
          </dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{account.isAdmin ? "Administrator" : "Customer"}</dd>
        </div>
        <div>
          <dt>Signs in with</dt>
          <dd>{signInMethods(account)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The admin area's main pages, for an administrator. */
export function AdminLinks() {
  return (
    <nav className="account__section" aria-labelledby="admin-title">
      <h2 id="admin-title">Admin area</h2>
      <ul className="link-list">
        <li>
          <Link to="/admin">Admin dashboard</Link>
        </li>
        <li>
          <Link to="/admin/leads">Estimate requests from the website</Link>
        </li>
        <li>
          <Link to="/admin/users">Accounts and roles</Link>
        </li>
      </ul>
    </nav>
  );
}
