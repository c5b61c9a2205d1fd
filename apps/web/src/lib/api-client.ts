import { MSG, type ValidationIssue } from "@clinora/contracts";
import { clearSession, readSessionId } from "./session";

export const API_BASE = "/api";

/** Every call gives up after 10 000 ms (docs/product/accounts-and-access.md §7 and §9). */
export const REQUEST_TIMEOUT_MS = 10_000;

export type ApiErrorKind = "unauthorized" | "forbidden" | "validation" | "http" | "network";

/**
 * The one error type every API call rejects with. `message` is the text of the spec's transport table
 * (docs/product/accounts-and-access.md §8); `detail` keeps the server's own text, which some screens show instead of a generic message.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no answer arrived (network failure or time-out). */
  readonly status: number | null;
  /** Field problems of a 422 answer; empty for every other kind. */
  readonly details: ValidationIssue[];
  /** The server's `detail` / `error` / `message` text, when the answer carried one. */
  readonly detail: string | null;

  constructor(
    message: string,
    init: { kind: ApiErrorKind; status: number | null; details?: ValidationIssue[]; detail?: string | null },
  ) {
    super(message);
    this.kind = init.kind;
    this.status = init.status;
    this.details = init.details ?? [];
    this.detail = init.detail ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server's own text for a failed call, or null: for screens that show "the server's detail message when
 * the response carries one" (docs/product/accounts-and-access.md §8). For a 422 that is the first field message, which the server
 * writes in Portuguese, rather than the generic "Validation failed".
 */
export function serverDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.kind === "validation") return error.details[0]?.msg ?? error.detail;
  return error.detail;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query string; null and undefined entries are left out. */
  query?: Record<string, QueryValue>;
  /** Cancels the call, e.g. the signal TanStack Query passes to a query function. */
  signal?: AbortSignal;
  /**
   * A 401 normally means the session is gone: the client clears it and sends the browser to /.
   * The login form turns this off, because there a 401 means wrong credentials.
   */
  redirectOn401?: boolean;
  timeoutMs?: number;
}

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const url = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** First string among the named fields of an error body. */
function pickText(body: unknown, fields: readonly string[]): string | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const field of fields) {
    const value = record[field];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return null;
}

function redirectToRoot(): void {
  if (window.location.pathname !== "/") window.location.assign("/");
}

/**
 * The field problems of a 422 answer, checked against the shared schema. zod and the schema load only when such
 * an answer comes, so the first screen does not download them (docs/decisions/019); forms have usually loaded them by then.
 */
async function readValidationIssues(details: unknown): Promise<ValidationIssue[]> {
  try {
    const { validationIssueListSchema } = await import("./validation-issues");
    const parsed = validationIssueListSchema.safeParse(details);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Maps a failed answer to the spec's transport table (docs/product/accounts-and-access.md §8). */
async function toApiError(status: number, body: unknown, redirectOn401: boolean): Promise<ApiError> {
  const detail = pickText(body, ["detail", "error", "message"]);

  if (status === 401) {
    if (redirectOn401) {
      console.warn(MSG.sessionExpired);
      clearSession();
      redirectToRoot();
    }
    return new ApiError(MSG.sessionExpired, { kind: "unauthorized", status, detail });
  }
  if (status === 403) {
    const text = pickText(body, ["detail", "error"]);
    return new ApiError(text ?? MSG.accessForbidden, { kind: "forbidden", status, detail: text });
  }
  if (status === 422) {
    const details = await readValidationIssues(
      typeof body === "object" && body !== null ? (body as Record<string, unknown>).details : undefined,
    );
    return new ApiError(MSG.validationFailed, { kind: "validation", status, details, detail });
  }
  return new ApiError(detail ?? MSG.genericError, { kind: "http", status, detail });
}

async function request<T>(method: HttpMethod, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const { query, signal, redirectOn401 = true, timeoutMs = REQUEST_TIMEOUT_MS } = options;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  signal?.addEventListener("abort", forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: "application/json" };
  // Only with a body: a JSON content type on an empty POST is rejected by strict JSON parsers (Fastify's).
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const sessionId = readSessionId();
  if (sessionId) headers["X-Session-ID"] = sessionId;

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    payload = await readBody(response);
  } catch (error) {
    // Cancelled by the caller (a query unmounted): not a network failure, let the caller see its own abort.
    if (signal?.aborted) throw error;
    throw new ApiError(MSG.networkError, { kind: "network", status: null });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forwardAbort);
  }

  if (!response.ok) throw await toApiError(response.status, payload, redirectOn401);
  return payload as T;
}

/** A file upload or download may take long on a phone's connection: 16 MB at 2 Mbit/s is over a minute. */
export const UPLOAD_TIMEOUT_MS = 180_000;

/**
 * A file the API serves (a conversation's voice note, photo or document, `/api/...` as the server gives it), read
 * as a Blob with the session header: an <img> or <audio> cannot send that header, so screens show the Blob through
 * an object URL. Errors map as for JSON calls.
 */
async function file(url: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Blob> {
  const { signal, timeoutMs = UPLOAD_TIMEOUT_MS } = options;
  if (!url.startsWith(`${API_BASE}/`)) throw new ApiError(MSG.genericError, { kind: "http", status: null });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  signal?.addEventListener("abort", forwardAbort, { once: true });
  const headers: Record<string, string> = {};
  const sessionId = readSessionId();
  if (sessionId) headers["X-Session-ID"] = sessionId;
  try {
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: controller.signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(MSG.networkError, { kind: "network", status: null });
    }
    if (!response.ok) throw await toApiError(response.status, await readBody(response), true);
    return await response.blob();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forwardAbort);
  }
}


export interface UploadOptions {
  query?: RequestOptions["query"];
  signal?: AbortSignal;
  /** Called as the bytes leave the browser, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  timeoutMs?: number;
}

/**
 * Sends `file` as the raw request body with its own Content-Type (no multipart wrapping), answering JSON like the
 * other calls. It goes through XMLHttpRequest because fetch reports no upload progress, which a 16 MB file on a
 * phone needs. Errors map as for JSON calls; a cancelled upload rejects with an AbortError.
 */
function upload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const { query, signal, onProgress, timeoutMs = UPLOAD_TIMEOUT_MS } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Envio cancelado", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", buildUrl(path, query));
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    const sessionId = readSessionId();
    if (sessionId) xhr.setRequestHeader("X-Session-ID", sessionId);

    const cancel = () => xhr.abort();
    signal?.addEventListener("abort", cancel, { once: true });
    const done = () => signal?.removeEventListener("abort", cancel);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      done();
      let payload: unknown;
      try {
        payload = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        payload = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload as T);
      else void toApiError(xhr.status, payload, true).then(reject);
    };
    const failed = () => {
      done();
      reject(new ApiError(MSG.networkError, { kind: "network", status: null }));
    };
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => {
      done();
      reject(new DOMException("Envio cancelado", "AbortError"));
    };
    xhr.send(file);
  });
}

/**
 * JSON calls to the API under /api. The type argument states the expected answer; it is not checked at
 * run time, the shared contracts keep both ends in step.
 */
export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>("GET", path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, body, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>("DELETE", path, undefined, options),
  upload,
  file,
};
