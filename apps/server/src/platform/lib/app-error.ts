import { MSG, type ValidationIssue } from "@clinora/contracts";

/** A failure the client should see, with its HTTP status and `detail` (docs/product/engineering-conventions.md §7). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = "app_error",
    readonly details?: ValidationIssue[],
  ) {
    super(message);
    this.name = "AppError";
  }

  static unauthorized(message: string = MSG.notAuthenticated) {
    return new AppError(401, message, "unauthorized");
  }
  static forbidden(message: string = MSG.roleForbidden) {
    return new AppError(403, message, "forbidden");
  }
  static notFound(message: string = MSG.notFound) {
    return new AppError(404, message, "not_found");
  }
  static conflict(message: string) {
    return new AppError(409, message, "conflict");
  }
  static tooManyRequests(message: string = MSG.tooManyRequests) {
    return new AppError(429, message, "too_many_requests");
  }
  /** A 422 with one issue per field, in the shape of the validation errors of docs/product/platform.md §2. */
  static validation(issues: { field: string | (string | number)[]; msg: string; type?: string }[]) {
    return new AppError(
      422,
      MSG.invalidData,
      "validation",
      issues.map((i) => ({
        loc: ["body", ...(Array.isArray(i.field) ? i.field : [i.field])],
        msg: i.msg,
        type: i.type ?? "value_error",
      })),
    );
  }
}
