import { MSG } from "@clinora/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubBrowser } from "@/test/test-stubs";
import { api, ApiError, REQUEST_TIMEOUT_MS, serverDetail } from "./api-client";

type FetchArgs = [input: string, init: RequestInit];

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () =>
    typeof response === "function" ? response() : response,
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

let browser: ReturnType<typeof stubBrowser>;

beforeEach(() => {
  browser = stubBrowser("/admin/leads");
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("requests", () => {
  it("calls /api with the stored session id, JSON body and query string", async () => {
    browser.storage.setItem("session_id", "abc123");
    const fetchMock = stubFetch(jsonResponse(200, { ok: true }));

    const answer = await api.post<{ ok: boolean }>("/leads", { name: "Ana" }, { query: { page: 2, status: null } });

    expect(answer).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/leads?page=2");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(JSON.stringify({ name: "Ana" }));
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", "X-Session-ID": "abc123" });
  });

  it("sends neither a session header without a session nor a content type without a body", async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));

    await api.post("/auth/logout");

    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers).not.toHaveProperty("X-Session-ID");
    expect(headers).not.toHaveProperty("Content-Type");
  });

  it("answers undefined for an empty body", async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete("/tasks/1")).resolves.toBeUndefined();
  });
});

describe("error mapping (docs/product/accounts-and-access.md §8)", () => {
  it("on 401 warns, clears the session, goes to / and raises the session-expired message", async () => {
    browser.storage.setItem("session_id", "expired");
    browser.storage.setItem("user", "{}");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    stubFetch(jsonResponse(401, { detail: "Não autenticado" }));

    const error = await rejection(api.get("/auth/me"));

    expect(error.message).toBe(MSG.sessionExpired);
    expect(error.kind).toBe("unauthorized");
    expect(error.status).toBe(401);
    expect(warn).toHaveBeenCalled();
    expect(browser.storage.getItem("session_id")).toBeNull();
    expect(browser.storage.getItem("user")).toBeNull();
    expect(browser.assign).toHaveBeenCalledWith("/");
  });

  it("on 401 with redirectOn401 false leaves the session and the page alone", async () => {
    browser.storage.setItem("session_id", "keep");
    stubFetch(jsonResponse(401, { detail: MSG.loginInvalid }));

    const error = await rejection(api.post("/auth/login", { email: "a", password: "b" }, { redirectOn401: false }));

    expect(error.status).toBe(401);
    expect(error.detail).toBe(MSG.loginInvalid);
    expect(browser.storage.getItem("session_id")).toBe("keep");
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it.each([
    [{ detail: "Somente administradores" }, "Somente administradores"],
    [{ error: "Conta suspensa" }, "Conta suspensa"],
    [{ message: "ignored for 403" }, MSG.accessForbidden],
    [undefined, MSG.accessForbidden],
  ])("on 403 with %j raises %s", async (body, expected) => {
    stubFetch(jsonResponse(403, body));
    const error = await rejection(api.get("/users"));
    expect(error.kind).toBe("forbidden");
    expect(error.message).toBe(expected);
  });

  it("on 422 raises a validation error carrying the details list", async () => {
    const details = [{ loc: ["body", "name"], msg: "Informe o nome do lead", type: "too_small" }];
    stubFetch(jsonResponse(422, { detail: "Validation failed", details }));

    const error = await rejection(api.post("/leads", {}));

    expect(error.kind).toBe("validation");
    expect(error.message).toBe(MSG.validationFailed);
    expect(error.details).toEqual(details);
    expect(serverDetail(error)).toBe("Informe o nome do lead");
  });

  it.each([
    [409, { detail: "Time slot already booked" }, "Time slot already booked"],
    [500, { error: "Falha interna" }, "Falha interna"],
    [404, { message: "Registro não encontrado" }, "Registro não encontrado"],
    [502, undefined, MSG.genericError],
  ])("on %i with %j raises %s", async (status, body, expected) => {
    stubFetch(jsonResponse(status, body));
    const error = await rejection(api.get("/anything"));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(status);
    expect(error.message).toBe(expected);
  });

  it("raises the generic message for a non-JSON error body", async () => {
    stubFetch(new Response("<html>Bad Gateway</html>", { status: 502 }));
    const error = await rejection(api.get("/anything"));
    expect(error.message).toBe(MSG.genericError);
    expect(serverDetail(error)).toBeNull();
  });

  it("raises the network message when no answer arrives", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const error = await rejection(api.get("/anything"));
    expect(error.kind).toBe("network");
    expect(error.status).toBeNull();
    expect(error.message).toBe(MSG.networkError);
  });

  it("gives up after 10 000 ms with the network message", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(
      (_input: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        }),
    );
    vi.stubGlobal("fetch", fetchMock);

    const pending = rejection(api.get("/slow"));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await pending;
    expect(error.message).toBe(MSG.networkError);
  });

  it("passes a caller's cancellation through instead of reporting a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
          }),
      ),
    );
    const controller = new AbortController();

    const pending = api.get("/slow", { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("files under /api", () => {
  it("reads a conversation's file as a Blob with the session header, at the address the server gave", async () => {
    browser.storage.setItem("session_id", "abc123");
    const fetchMock = stubFetch(new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { "Content-Type": "audio/ogg" } }));

    const blob = await api.file("/api/conversations/c1/media/m1");

    expect(blob.size).toBe(3);
    expect(blob.type).toBe("audio/ogg");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/conversations/c1/media/m1");
    expect(init.headers).toMatchObject({ "X-Session-ID": "abc123" });
  });

  it("maps a refused file like any other answer: 404 with the server's Portuguese detail", async () => {
    stubFetch(jsonResponse(404, { detail: "Arquivo não encontrado" }));
    const error = await rejection(api.file("/api/conversations/c1/media/m2"));
    expect(error.status).toBe(404);
    expect(error.message).toBe("Arquivo não encontrado");
  });

  it("never sends the session to an address outside the API", async () => {
    browser.storage.setItem("session_id", "abc123");
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await rejection(api.file("https://elsewhere.example/file.pdf"));
    await rejection(api.file("/apix/file.pdf"));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
