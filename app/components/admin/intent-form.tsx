import { Form, type FormProps } from "react-router";

/**
 * An admin form that posts one `intent` (the field every admin action reads first to know what
 * to do), plain HTML that works without JavaScript.
 */
export function IntentForm({ intent, children, ...formProps }: Omit<FormProps, "method"> & { intent: string }) {
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
