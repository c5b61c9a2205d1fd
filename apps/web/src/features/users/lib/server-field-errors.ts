import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/lib/api-client";

/**
 * Shows the field messages of a 422 answer (`loc: ["body", field]`) under the form's own fields, for the
 * rules only the server can check (a phone it cannot read). Answers the fields that got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): Path<T>[] {
  if (!isApiError(error) || error.kind !== "validation") return [];
  const marked: Path<T>[] = [];
  for (const issue of error.details) {
    const [where, name] = issue.loc;
    const field = fields.find((f) => f === name);
    if (where === "body" && field) {
      setError(field, { type: "server", message: issue.msg });
      marked.push(field);
    }
  }
  return marked;
}
