import { Link } from "react-router";

/** One estimate request the account sent, in the words and dates a homeowner reads. */
interface AccountRequest {
  id: string;
  date: string;
  dateTime: string;
  subject: string;
  status: string;
}

/** The estimate requests sent from this account, or what to do when there are none. */
export function AccountRequests({ requests, emailVerified }: { requests: AccountRequest[]; emailVerified: boolean }) {
  return (
    <section className="account__section" aria-labelledby="requests-title">
      <h2 id="requests-title">Your estimate requests</h2>
      {requests.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Estimate requests you sent us, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((lead) => (
                <tr key={lead.id}>
                  <td>
                    <time dateTime={lead.dateTime}>{lead.date}</time>
                  </td>
                  <td>{lead.subject}</td>
                  <td>{lead.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="account__empty">
          <p>You have not sent us an estimate request from this account yet.</p>
          {emailVerified ? null : (
            <p>
              Requests sent while you were not signed in are not listed here, because we cannot be sure they came from you. Call us if you
              want to know where one stands.
            </p>
          )}
          <p>
            <Link to="/contact" className="button button--primary">
              Request a free estimate
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
