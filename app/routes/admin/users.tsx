import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/users";
import { loadAuth, requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import type { Accounts } from "#app/server/auth/accounts.server.ts";
import { actionError, formText, isUuid, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";

const USERS_PAGE_SIZE = 50;
const INTENTS = ["promote", "demote", "revoke"] as const;
const USER_NOT_FOUND = "We couldn't find that account. It may have been deleted.";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Users", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { accounts, clock } = getBackend(context);
  const url = new URL(request.url);
  const rawPage = url.searchParams.get("page") ?? "1";
  const requested = /^\d{1,7}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const { users, total, page, pages } = await accounts.listAccounts({ page: requested, pageSize: USERS_PAGE_SIZE });

  return {
    flash: await flashMessage(url.searchParams, accounts),
    page,
    pages,
    total,
    users: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      methods: [user.hasPassword ? "Password" : null, user.hasGoogle ? "Google" : null].filter(Boolean).join(", ") || "None",
      sessions: user.sessionCount,
      created: clock.formatTime(user.created_at),
      createdIso: user.created_at,
      isSelf: user.id === admin.id,
    })),
  };
}

/** What the last action did, named from the query its redirect carried (codes only, never free text). */
async function flashMessage(params: URLSearchParams, accounts: Accounts): Promise<string | null> {
  const done = params.get("done");
  const userId = params.get("user");
  if (!done || !isUuid(userId)) return null;
  const user = await accounts.getAccount({ id: userId });
  const who = user?.name ?? "The account";
  if (done === "promoted") return `${who} is now an admin.`;
  if (done === "demoted") return `${who} is now a customer and can no longer open the admin pages.`;
  if (done === "revoked") {
    const n = Number(params.get("n") ?? "0");
    const count = Number.isInteger(n) && n >= 0 ? n : 0;
    return params.get("self") === "1"
      ? `Signed ${who} out of ${count === 1 ? "1 other session" : `${count} other sessions`}; this one stays signed in.`
      : `Signed ${who} out of ${count === 1 ? "1 session" : `${count} sessions`}.`;
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const backend = getBackend(context);
  const { accounts } = backend;
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (!(INTENTS as readonly string[]).includes(intent ?? "")) {
    return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
  const userId = formText(form, "userId");
  const user = isUuid(userId) ? await accounts.getAccount({ id: userId }) : null;
  if (!user) return actionError(404, USER_NOT_FOUND, intent);

  if (intent === "promote" || intent === "demote") {
    const role = intent === "promote" ? "admin" : "customer";
    const result = await accounts.changeRole({ id: user.id, role });
    if (result === "not-found") return actionError(404, USER_NOT_FOUND, intent);
    if (result === "last-admin") {
      return actionError(
        409,
        `${user.name} is the only admin, so they stay one: the site always needs an admin. Make someone else an admin first.`,
        intent,
      );
    }
    backend.logger.info("user role changed", { userId: user.id, role, result, adminId: admin.id });
    // Without the admin role this page is closed to them: go where a customer can be.
    if (role === "customer" && user.id === admin.id) return redirect("/profile");
    return redirect(`/admin/users?done=${intent === "promote" ? "promoted" : "demoted"}&user=${user.id}`);
  }

  // revoke: for your own account, the session you are using stays.
  const isSelf = user.id === admin.id;
  const keepIdHash = isSelf ? ((await loadAuth(request, context)).sessionIdHash ?? undefined) : undefined;
  const count = await accounts.signOutEverywhere({ userId: user.id, keepIdHash });
  backend.logger.info("user sessions revoked", { userId: user.id, count, adminId: admin.id });
  return redirect(`/admin/users?done=revoked&user=${user.id}&n=${count}${isSelf ? "&self=1" : ""}`);
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { users, page, pages, total } = loaderData;
  return (
    <div className="admin-page">
      <h1>Users</h1>
      <p>
        {total === 1 ? "1 account" : `${total} accounts`}, admins first. Admins can open these pages; customers can only see their own
        profile.
      </p>
      <ActionError result={actionData} />
      <ul className="admin-list admin-users">
        {users.map((user) => (
          <li key={user.id} className="admin-card">
            <p className="admin-card__title">
              {user.name}
              {user.isSelf ? (
                <>
                  {" "}
                  <span className="admin-tag">You</span>
                </>
              ) : null}
            </p>
            <dl className="admin-facts">
              <div>
                <dt>Email</dt>
                <dd className="admin-break">{user.email}</dd>
              </div>
              <div>
                <dt>Role</dt>
                <dd>{user.role === "admin" ? "Admin" : "Customer"}</dd>
              </div>
              <div>
                <dt>Signs in with</dt>
                <dd>{user.methods}</dd>
              </div>
              <div>
                <dt>Active sessions</dt>
                <dd>{user.sessions}</dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>
                  <time dateTime={user.createdIso}>{user.created}</time>
                </dd>
              </div>
            </dl>
            <div className="admin-actions">
              <Form method="post" action="/admin/users" className="admin-inline-form">
                <input type="hidden" name="userId" value={user.id} />
                {user.role === "admin" ? (
                  <button type="submit" name="intent" value="demote" className="admin-button admin-button--quiet">
                    Make customer<span className="visually-hidden">: {user.name}</span>
                  </button>
                ) : (
                  <button type="submit" name="intent" value="promote" className="admin-button">
                    Make admin<span className="visually-hidden">: {user.name}</span>
                  </button>
                )}
              </Form>
              <Form method="post" action="/admin/users" className="admin-inline-form">
                <input type="hidden" name="userId" value={user.id} />
                <button
                  type="submit"
                  name="intent"
                  value="revoke"
                  className="admin-button admin-button--quiet"
                  disabled={user.sessions === 0 || (user.isSelf && user.sessions <= 1)}
                >
                  {user.isSelf ? "Sign out my other sessions" : "Sign out everywhere"}
                  <span className="visually-hidden">: {user.name}</span>
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="admin-pager" aria-label="Pages">
          {page > 1 ? <Link to={`/admin/users?page=${page - 1}`}>← Previous page</Link> : <span aria-hidden="true" />}
          <p>
            Page {page} of {pages}
          </p>
          {page < pages ? <Link to={`/admin/users?page=${page + 1}`}>Next page →</Link> : <span aria-hidden="true" />}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
