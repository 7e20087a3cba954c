import { Link } from "react-router";
import type { Route } from "./+types/email";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm } from "#app/server/forms.server.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { MailRecords } from "#app/components/admin/mail-records.tsx";
import checklistCss from "#app/styles/admin-checklist.css?url";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Email", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: checklistCss }];

/** The sender, whether mail is going out, and the DNS records that make it arrive (ADR 054, 055). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const backend = getBackend(context);
  // This page is where the owner comes after publishing: look the records up now, not from the cache.
  const [view, trouble] = await Promise.all([backend.mail.getMailRecords({ fresh: true }), backend.mail.getMailTrouble()]);
  return { ...view, trouble: trouble ? { words: trouble.words, waiting: trouble.waiting } : null };
}

/** Nothing is posted here: the records are published at the DNS host, the key is made on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const intent = formText(await readAdminForm(request), "intent");
  return actionError(
    400,
    "Nothing can be sent from this page: publish the records at your domain's DNS host, and make the signing key on the server (npm run cli -- dkim-key).",
    intent,
  );
}

export default function Email({ loaderData, actionData }: Route.ComponentProps) {
  const { sender, transport, records, trouble } = loaderData;
  return (
    <div className="admin-page">
      <h1>Email</h1>
      <ActionError result={actionData} />
      {trouble ? (
        <div className="admin-alert" role="alert">
          <p>Emails are not going out: {trouble.words}.</p>
          <p>
            {trouble.waiting === 1 ? "1 email is" : `${trouble.waiting} emails are`} waiting; they go out by themselves once the mail server
            works. <Link to="/admin">See the dashboard</Link>
          </p>
        </div>
      ) : null}

      <section className="admin-section" aria-labelledby="email-sender">
        <h2 id="email-sender">Who your emails come from</h2>
        <p>
          Confirmations, replies and visit invitations are sent from <strong className="admin-break">{sender.address}</strong>
          {sender.configured ? " (MAIL_FROM)" : " (no MAIL_FROM set: the site's domain)"}.
        </p>
        {sender.problem ? <p className="admin-notice">{SENDER_PROBLEM[sender.problem](sender)}</p> : null}
      </section>

      <section className="admin-section" aria-labelledby="email-records">
        <h2 id="email-records">Records to publish for {sender.domain}</h2>
        {transport === "emailjs" ? (
          <p>EmailJS sends through the mail service connected to it: SPF and DKIM are set up there, not here.</p>
        ) : null}
        {records ? (
          <>
            <p>
              Mail providers check three TXT records at your domain before they put an email in the inbox. Add each one at the company that
              runs your domain&apos;s DNS (where you bought the domain, or your website host), then{" "}
              <Link to="/admin/email">check again</Link>. Changes can take up to an hour to show.
            </p>
            <ol>
              <li>
                Make the site&apos;s signing key, once, on the server: <code>npm run cli -- dkim-key</code>
              </li>
              <li>Publish the three records below.</li>
              <li>Reload this page: each record says whether it is published.</li>
            </ol>
            <MailRecords records={records} />
          </>
        ) : (
          <p>Records can only be published for a domain of your own. Send from an address at your domain first (above).</p>
        )}
      </section>
    </div>
  );
}

type SenderView = Route.ComponentProps["loaderData"]["sender"];

const SENDER_PROBLEM: Record<NonNullable<SenderView["problem"]>, (sender: SenderView) => string> = {
  local: (sender) =>
    `${sender.address} is an address only this machine knows: mail from it lands in spam or is refused. Set PUBLIC_URL to the site's address, or MAIL_FROM to an address at your domain, and restart.`,
  placeholder: (sender) =>
    `${sender.address} is an example address no one can vouch for. Set MAIL_FROM to an address at your own domain and restart.`,
  "other-domain": (sender) =>
    `The site is ${sender.siteDomain} but mail comes from ${sender.domain}: receivers' checks fail and it lands in spam. Set MAIL_FROM to an address at ${sender.siteDomain} (like estimates@${sender.siteDomain}) and restart.`,
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
