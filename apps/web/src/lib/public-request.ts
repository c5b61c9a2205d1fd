/**
 * One JSON request of the light public pages (web chat, booking page), which carry no React and no app client: no
 * cookies, a time limit, the answer's JSON read whatever its status. A request that never got an answer rejects with
 * `NO_CONNECTION`, in the pages' own words; each page turns a refusal's body into its own message.
 */
export const NO_CONNECTION = "Sem conexão. Verifique sua internet e tente novamente.";

export interface PublicAnswer {
  ok: boolean;
  status: number;
  /** The parsed JSON body, or null when there was none. */
  data: unknown;
}

export async function publicRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<PublicAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
      credentials: "omit",
    });
  } catch {
    throw new Error(NO_CONNECTION);
  }
  const data: unknown = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, data };
}
