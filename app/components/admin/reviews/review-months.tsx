import type { ReviewMonth } from "#app/schemas/reviews-admin.ts";

/**
 * The last 12 months of review requests and feedback, newest first, one row a month: two narrow
 * tables (the requests' email, the private feedback) that fit a phone at 375 px side by side with
 * nothing, and sit side by side on a wider screen. "Opened" is marked as an estimate.
 */
export function ReviewMonths({ months }: { months: readonly ReviewMonth[] }) {
  return (
    <section className="admin-section" aria-labelledby="review-months">
      <h2 id="review-months">By month</h2>
      <div className="review-months">
        <table className="review-months__table">
          <caption>Review requests</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Sent</th>
              <th scope="col">
                Opened<span aria-hidden="true">*</span>
                <span className="visually-hidden"> (an estimate)</span>
              </th>
              <th scope="col">Clicked</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.key}>
                <th scope="row">{month.label}</th>
                <td>{month.sent}</td>
                <td>{month.opened}</td>
                <td>{month.clicked}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="review-months__table">
          <caption>Private feedback</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Received</th>
              <th scope="col">Average rating</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.key}>
                <th scope="row">{month.label}</th>
                <td>{month.feedback}</td>
                <td>{month.average === null ? "–" : month.average.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="admin-help">
        The last 12 months, in the site's time zone; each figure counts in the month it happened (a request sent on the 31st and opened on
        the 1st is opened in the next month). * Opened is an estimate: many mail apps block the email's image, and some load it without the
        homeowner reading.
      </p>
    </section>
  );
}
