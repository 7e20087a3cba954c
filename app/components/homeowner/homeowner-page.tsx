import { useT } from "#app/i18n/react.ts";
import type { HomeownerPageView, HomeownerQuoteView, HomeownerRequestView } from "#app/schemas/homeowner-page.ts";

/**
 * The homeowner's page (ADR 069): the business and its phone, each request with its photos and
 * visit, the quotes sent, the replies. One column on a phone; every sentence comes from the server
 * already in the URL's language.
 */
export function HomeownerPage({ view }: { view: HomeownerPageView }) {
  const t = useT();
  const { business } = view;
  return (
    <div className="page-section account account--wide homeowner">
      <h1>{t("homeowner.title", { business: business.name })}</h1>
      <p className="account__lead">{t("homeowner.intro")}</p>
      <p>
        <a className="button button--primary" href={business.phoneHref}>
          {t("homeowner.callButton", { phone: business.phone })}
        </a>
      </p>

      <section className="account__section" aria-labelledby="homeowner-requests">
        <h2 id="homeowner-requests">{t("homeowner.requests.title")}</h2>
        {view.requests.length === 0 ? <p>{t("homeowner.requests.none")}</p> : null}
        {view.requests.map((request) => (
          <RequestCard key={request.id} request={request} />
        ))}
      </section>

      {view.quotes.length > 0 ? (
        <section className="account__section" aria-labelledby="homeowner-quotes">
          <h2 id="homeowner-quotes">{t("homeowner.quotes.title")}</h2>
          <ul className="homeowner__list">
            {view.quotes.map((quote) => (
              <QuoteItem key={quote.url} quote={quote} />
            ))}
          </ul>
        </section>
      ) : null}

      <section className="account__section" aria-labelledby="homeowner-replies">
        <h2 id="homeowner-replies">{t("homeowner.replies.title")}</h2>
        {view.replies.length === 0 ? <p>{t("homeowner.replies.none")}</p> : null}
        {view.replies.map((reply) => (
          <article key={reply.id} className="homeowner__card">
            <h3>{reply.subject}</h3>
            <p className="homeowner__meta">
              <time dateTime={reply.dateTime}>{reply.sent}</time>
            </p>
            <p className="homeowner__text">{reply.body}</p>
          </article>
        ))}
      </section>
    </div>
  );
}

function RequestCard({ request }: { request: HomeownerRequestView }) {
  const t = useT();
  return (
    <article className="homeowner__card">
      <h3>{request.subject}</h3>
      <p className="homeowner__meta">
        <time dateTime={request.dateTime}>{request.sent}</time> · {request.reference}
      </p>
      <dl className="details-list">
        <div>
          <dt>{t("homeowner.request.status")}</dt>
          <dd>{request.status}</dd>
        </div>
        <div>
          <dt>{t("homeowner.visit.title")}</dt>
          <dd>
            {request.visit.scheduled ? <strong>{request.visit.text}</strong> : request.visit.text}
            {request.booking ? (
              <>
                {" "}
                <a href={request.booking.url}>{request.booking.label}</a>
              </>
            ) : null}
          </dd>
        </div>
        {request.message ? (
          <div>
            <dt>{t("homeowner.request.message")}</dt>
            <dd className="homeowner__text">{request.message}</dd>
          </div>
        ) : null}
      </dl>
      {request.review ? (
        <p className="homeowner__actions">
          <a className="button button--secondary" href={request.review.url}>
            {request.review.label}
          </a>
        </p>
      ) : null}
      {request.photos.length > 0 ? (
        <>
          <h4>{t("homeowner.request.photos")}</h4>
          <ul className="homeowner__photos">
            {request.photos.map((photo) => (
              <li key={photo.url}>
                <img src={photo.url} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}

function QuoteItem({ quote }: { quote: HomeownerQuoteView }) {
  const t = useT();
  return (
    <li className="homeowner__card">
      <h3>{quote.title}</h3>
      <p className="homeowner__meta">
        {quote.sent} · {quote.status}
      </p>
      {quote.total ? <p>{quote.total}</p> : null}
      <p className="homeowner__actions">
        <a className="button button--secondary" href={quote.url}>
          {quote.openLabel}
        </a>
        {quote.pdfUrl ? (
          <a className="button button--secondary" href={quote.pdfUrl} download>
            {t("homeowner.quote.pdf")}
          </a>
        ) : null}
      </p>
    </li>
  );
}
