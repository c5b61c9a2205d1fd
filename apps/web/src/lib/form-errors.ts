import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "./api-client";

/**
 * Puts the field messages of a 422 answer (`loc: ["body", field, ...]`) on the form's fields, so the server's
 * checks show next to the inputs like the form's own. Answers whether any field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isApiError(error) || error.kind !== "validation") return false;
  let applied = false;
  for (const issue of error.details) {
    const field = issue.loc[0] === "body" ? issue.loc[1] : undefined;
    if (typeof field === "string" && (fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: "server", message: issue.msg });
      applied = true;
    }
  }
  return applied;
}
