import { Form, Link } from "react-router";

/** The last step of deleting one item of a list page: "Yes, delete it" posts the delete, the link goes back to the list. */
export function ConfirmDeleteForm({ page, id, cancel }: { page: string; id: string; cancel: string }) {
  return (
    <Form method="post" action={page} className="admin-inline-form">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="confirm" value="yes" />
      <button type="submit" className="admin-button admin-button--danger">
        Yes, delete it
      </button>
      <Link to={page} className="admin-link-button">
        {cancel}
      </Link>
    </Form>
  );
}
