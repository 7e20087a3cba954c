import { Form, Link } from "react-router";

/** The inbox's filter as the address carries it. */
interface InboxFilter {
  status: string;
  q: string;
}

/** A GET form: works without JavaScript, and the filters stay in the address to share or bookmark. */
export function LeadFilters({
  filter,
  statusOptions,
  searchMaxLength,
  isFiltered,
}: {
  filter: InboxFilter;
  statusOptions: { value: string; label: string }[];
  searchMaxLength: number;
  isFiltered: boolean;
}) {
  return (
    <search aria-label="Filter estimate requests">
      <Form method="get" className="admin-filters">
        <div className="admin-field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={filter.status} key={`status-${filter.status}`}>
            {statusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field admin-field--grow">
          <label htmlFor="filter-q">Search</label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            key={`q-${filter.q}`}
            maxLength={searchMaxLength}
            aria-describedby="filter-q-help"
          />
          <p className="admin-help" id="filter-q-help">
            Name, email, phone, reference, ZIP code, street, subject or message.
          </p>
        </div>
        <div className="admin-filters__actions">
          <button type="submit" className="admin-button">
            Show
          </button>
          {isFiltered ? (
            <Link to="/admin/leads" className="admin-link-button">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </search>
  );
}
