import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { contextWithAdmin, type TestContext } from "./context";

let t: TestContext;
let session: string;

beforeAll(async () => {
  ({ t, session } = await contextWithAdmin());
});
afterAll(() => t.close());

describe("bad input never causes a 500", () => {
  it("malformed JSON -> 400 with a clear detail", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.com", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MSG.invalidJson });
  });

  it("a 2 MiB body -> 413", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.com", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: MSG.bodyTooLarge });
  });

  it("a body that is not JSON -> 415", async () => {
    const res = await t.request({ method: "POST", url: "/api/auth/login", headers: { "content-type": "text/plain" }, payload: "oi" });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBeTruthy();
  });

  it("wrong types -> 422 naming the field", async () => {
    const res = await t.request({ method: "POST", url: "/api/auth/login", payload: { email: 123, password: ["x"] } });
    expect(res.statusCode).toBe(422);
    const locs = res.json().details.map((d: { loc: string[] }) => d.loc.join("."));
    expect(locs).toEqual(expect.arrayContaining(["body.email", "body.password"]));
  });

  it("a non-UUID id -> 422 on params.id", async () => {
    const res = await t.request({ method: "GET", url: "/api/users/nao-e-um-uuid", session });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: MSG.invalidData, details: [{ loc: ["params", "id"], msg: MSG.invalidId }] });
  });

  it("an unknown id -> 404", async () => {
    const res = await t.request({ method: "GET", url: "/api/users/7b0c5a52-5d1e-4e0c-9c8e-7c2f0e6f9a11", session });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Usuário não encontrado");
  });

  it.each([
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["per_page=1000", "per_page"],
    ["status=talvez", "status"],
  ])("bad query value %s -> 422", async (query, field) => {
    const res = await t.request({ method: "GET", url: `/api/users?${query}`, session });
    expect(res.statusCode).toBe(422);
    expect(res.json().details[0].loc).toEqual(["querystring", field]);
  });

  it("an unknown /api path -> JSON 404", async () => {
    const res = await t.request({ method: "GET", url: "/api/nada-aqui", session });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: MSG.routeNotFound });
  });

  it("sets security headers", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
