/** One period of the pipeline as the dashboard shows it (quotes/pipeline.server.ts). */
export interface PipelineFigures {
  days: number;
  requests: number;
  visits: number;
  quotesSent: number;
  sentCents: number;
  quotesSigned: number;
  signedCents: number;
  signedPerRequest: number | null;
  signedPerQuote: number | null;
}

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

function percent(value: number | null): string {
  return value === null ? "–" : `${value}%`;
}

/**
 * "Pipeline": from requests to signed jobs over the last 30 and 90 days. The periods are the
 * columns and the figures the rows, so three narrow columns fit a phone without scrolling.
 */
export function Pipeline({ periods }: { periods: PipelineFigures[] }) {
  const rows: [string, (p: PipelineFigures) => string][] = [
    ["Requests received", (p) => String(p.requests)],
    ["Visits booked", (p) => String(p.visits)],
    ["Quotes sent", (p) => String(p.quotesSent)],
    ["Quoted (first option)", (p) => dollars.format(p.sentCents / 100)],
    ["Quotes signed", (p) => String(p.quotesSigned)],
    ["Signed value", (p) => dollars.format(p.signedCents / 100)],
    ["Signed ÷ requests", (p) => percent(p.signedPerRequest)],
    ["Signed ÷ quotes sent", (p) => percent(p.signedPerQuote)],
  ];
  return (
    <section className="admin-section" aria-labelledby="pipeline">
      <h2 id="pipeline">Pipeline</h2>
      <table className="pipeline-table">
        <caption>
          From request to signed job. Spam and cancelled visits are left out; a quote counts once, when it was first sent, at its first
          option's total.
        </caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            {periods.map((p) => (
              <th scope="col" key={p.days}>
                Last {p.days} days
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, figure]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {periods.map((p) => (
                <td key={p.days}>{figure(p)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
