import { request as httpRequest } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { createTestContext, type TestContext } from "./context";

/**
 * Every refusal the API writes, the framework's and Node's HTTP parser's included, is `{detail}` in Portuguese with
 * the API's security headers, and repeats nothing of the request (an address could carry a patient's name).
 */
const ECHO = "paciente-ecoado";

let t: TestContext;
let professionalSession: string;

beforeAll(async () => {
  t = await createTestContext();
  const { user } = await t.make.professionalUser();
  professionalSession = await t.login(user.email, user.password);
});
afterAll(() => t.close());

interface Answer {
  status: number;
  headers: Record<string, string | number | string[] | undefined>;
  body: string;
}

function expectRefusal(res: Answer, status: number, detail: string) {
  expect(res.status, res.body).toBe(status);
  expect(JSON.parse(res.body)).toEqual({ detail });
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["strict-transport-security"]).toMatch(/^max-age=/);
  expect(res.body).not.toContain(ECHO);
}

const inject = async (options: Parameters<TestContext["request"]>[0]): Promise<Answer> => {
  const res = await t.request(options);
  return { status: res.statusCode, headers: res.headers, body: res.body };
};

/** Raw bytes over a real connection (for a request no HTTP client would write); the answer as it came. */
async function rawRequest(text: string): Promise<Answer> {
  if (!t.app.server.listening) await t.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const raw = await new Promise<string>((resolve, reject) => {
    let received = "";
    // Written, not ended: a half-closed socket may be dropped before a slower answer (a health check on PostgreSQL)
    // is sent. Each request here asks the server to close the connection after its answer.
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
  let body = rest.join("\r\n\r\n");
  if (headers["transfer-encoding"] === "chunked") body = body.replace(/^[0-9a-f]+\r\n/, "").replace(/\r\n0\r\n\r\n$/, "");
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

/** A request over a real connection, for what Node's HTTP parser refuses before Fastify sees it. */
async function overTheWire(path: string): Promise<Answer> {
  if (!t.app.server.listening) await t.app.listen({ host: "127.0.0.1", port: 0 });
  const { port, address } = t.app.server.address() as AddressInfo;
  expect(address).toBe("127.0.0.1");
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("every refusal in the API's shape", () => {
  it("400: an address with a broken percent-encoding", async () => {
    expectRefusal(await inject({ method: "GET", url: `/api/patients/%E0%A4%A-${ECHO}`, session: professionalSession }), 400, MSG.badUrl);
    expectRefusal(await inject({ method: "GET", url: `/api/patients/${ECHO}%zz` }), 400, MSG.badUrl);
  });

  it("400: a body that is not JSON", async () => {
    const res = await inject({ method: "POST", url: "/api/auth/login", headers: { "content-type": "application/json" }, payload: `{"email": "${ECHO}` });
    expectRefusal(res, 400, MSG.invalidJson);
  });

  it("404: an address the API does not have", async () => {
    expectRefusal(await inject({ method: "GET", url: `/api/${ECHO}` }), 404, MSG.routeNotFound);
    expectRefusal(await inject({ method: "POST", url: `/api/${ECHO}?x=1`, payload: {} }), 404, MSG.routeNotFound);
  });

  it("405: an address of the API with a method it does not take, naming the ones it does", async () => {
    const res = await inject({ method: "DELETE", url: `/api/health?x=${ECHO}` });
    expectRefusal(res, 405, MSG.methodNotAllowed);
    expect(res.headers.allow).toBe("GET, HEAD");
    const withParam = await inject({ method: "PATCH", url: `/api/patients/${ECHO}/`, payload: {} });
    expectRefusal(withParam, 405, MSG.methodNotAllowed);
    expect(withParam.headers.allow).toBe("GET, HEAD, PUT");
  });

  it("413: a body over 1 MiB", async () => {
    const res = await inject({ method: "POST", url: "/api/auth/login", payload: { email: ECHO, password: "x".repeat(2 * 1024 * 1024) } });
    expectRefusal(res, 413, MSG.bodyTooLarge);
  });

  it("414: a path parameter over the router's length", async () => {
    expectRefusal(await inject({ method: "GET", url: `/api/patients/${ECHO}${"a".repeat(150)}`, session: professionalSession }), 414, MSG.urlTooLong);
  });

  it("415: a body of another type", async () => {
    const res = await inject({ method: "POST", url: "/api/auth/login", headers: { "content-type": "text/plain" }, payload: ECHO });
    expectRefusal(res, 415, MSG.unsupportedMediaType);
  });

  it("431: a query over 16 KB, refused by Node's HTTP parser before Fastify", async () => {
    expectRefusal(await overTheWire(`/api/patients?search=${ECHO}${"a".repeat(17 * 1024)}`), 431, MSG.headersTooLarge);
  });

  it("400: an HTTP/1.1 request without Host, in the 422s' shape naming the header", async () => {
    const res = await rawRequest(`GET /api/patients?q=${ECHO} HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: "Dados inválidos", details: [{ loc: ["headers", "host"], msg: MSG.missingHost, type: "missing" }] });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.body).not.toContain(ECHO);
    // HTTP/1.0 has no Host rule.
    expect((await rawRequest("GET /api/health HTTP/1.0\r\n\r\n")).status).toBe(200);
  });

  it("422: the top-level detail is Portuguese, the fields in details", async () => {
    const res = await inject({ method: "POST", url: "/api/auth/login", payload: { email: 1 } });
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body)).toMatchObject({ detail: "Dados inválidos", details: expect.arrayContaining([expect.objectContaining({ loc: ["body", "email"] })]) });
  });

  it("403 and the schemas' own messages are in Portuguese", async () => {
    expectRefusal(await inject({ method: "GET", url: "/api/users", session: professionalSession }), 403, MSG.roleForbidden);
    const res = await inject({ method: "POST", url: "/api/tasks", session: professionalSession, payload: { title: ["lista"], priority: 3 } });
    expect(res.status).toBe(422);
    const messages: string[] = JSON.parse(res.body).details.map((d: { msg: string }) => d.msg);
    expect(messages.length).toBeGreaterThan(0);
    for (const msg of messages) expect(msg).not.toMatch(/\b(Invalid|expected|received|Required|Too (big|small))\b/);
  });
});
