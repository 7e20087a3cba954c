/**
 * Reading a posted form in an action: one clear 400 when the body cannot be read as a form,
 * and text fields as strings (a missing field or a file is `undefined`).
 */
import { data } from "react-router";

export async function readFormData(
  request: Request,
  message = "We could not read the form. Please go back and try again.",
): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(message, { status: 400 });
  }
}

/** A text field's value; `undefined` when it is missing or a file. */
export function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}
