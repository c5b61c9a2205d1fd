import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { isApiError } from "./api-client";

/**
 * Puts the field messages of a server 422 (`details[].loc = ["body", field]`) under the matching form
 * fields, so the user sees the server's Portuguese text where the problem is. Fields the form does not
 * have are left out. Answers whether any message was placed.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const issue of error.details) {
    const [where, field] = issue.loc;
    const match = fields.find((name) => name === field);
    if (where === "body" && match) {
      setError(match, { type: "server", message: issue.msg });
      placed = true;
    }
  }
  return placed;
}
