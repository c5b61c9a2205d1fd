import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
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

/** A request over a real connection, for what Node's HTTP parser refuses before Fastify sees it. */
async function overTheWire(path: string): Promise<Answer> {
  const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  expect(address).toContain("127.0.0.1");
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

  it("403 and the schemas' own messages are in Portuguese", async () => {
    expectRefusal(await inject({ method: "GET", url: "/api/users", session: professionalSession }), 403, MSG.roleForbidden);
    const res = await inject({ method: "POST", url: "/api/tasks", session: professionalSession, payload: { title: ["lista"], priority: 3 } });
    expect(res.status).toBe(422);
    const messages: string[] = JSON.parse(res.body).details.map((d: { msg: string }) => d.msg);
    expect(messages.length).toBeGreaterThan(0);
    for (const msg of messages) expect(msg).not.toMatch(/\b(Invalid|expected|received|Required|Too (big|small))\b/);
  });
});
