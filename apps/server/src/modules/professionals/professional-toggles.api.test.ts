import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextWithProfessional, type TestContext } from "../../../test/context";

let t: TestContext;
let session: string;

beforeAll(async () => {
  ({ t, session } = await contextWithProfessional());
});
afterAll(() => t.close());

const patch = (url: string) => t.request({ method: "PATCH", url, session });
const profile = async () => (await t.request({ method: "GET", url: "/api/professionals/me", session })).json();

describe("Painel toggles", () => {
  it("switches availability off and on", async () => {
    const off = await patch("/api/professionals/me/availability?is_available=false");
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ is_available: false, zen_mode: false });
    expect((await profile()).is_available).toBe(false);

    expect((await patch("/api/professionals/me/availability?is_available=true")).json().is_available).toBe(true);
    expect((await profile()).is_available).toBe(true);
  });

  it("switches zen mode on and off", async () => {
    expect((await patch("/api/professionals/me/zen-mode?zen_mode=true")).json()).toMatchObject({ zen_mode: true, is_available: true });
    expect((await profile()).zen_mode).toBe(true);
    expect((await patch("/api/professionals/me/zen-mode?zen_mode=false")).json().zen_mode).toBe(false);
  });

  it.each([
    ["/api/professionals/me/availability", "is_available"],
    ["/api/professionals/me/availability?is_available=talvez", "is_available"],
    ["/api/professionals/me/zen-mode?zen_mode=", "zen_mode"],
  ])("refuses %s with 422", async (url, field) => {
    const res = await patch(url);
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ loc: ["querystring", field], msg: `${field} deve ser true ou false`, type: expect.any(String) }]);
  });
});
