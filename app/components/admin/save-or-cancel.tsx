import { Link } from "react-router";

/**
 * An add or edit form's buttons: the submit button and, while editing, "Cancel" as a link back to
 * the list (`cancelTo`), so nothing is posted.
 */
export function SaveOrCancel({ className, label, cancelTo }: { className: string; label: string; cancelTo: string | null }) {
  return (
    <div className={className}>
      <button type="submit" className="admin-button">
        {label}
      </button>
      {cancelTo ? (
        <Link to={cancelTo} className="admin-link-button" preventScrollReset>
          Cancel
        </Link>
      ) : null}
    </div>
  );
}
