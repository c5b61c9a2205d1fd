import { afterEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/context";
import { ensureFirstAdmin } from "./first-admin";
import { userRepository } from "./user.repository";

const silentLog = { info() {} } as never;
let t: TestContext;
afterEach(() => t.close());

describe("first administrator", () => {
  it("is created from ADMIN_EMAIL/ADMIN_PASSWORD on an empty database, once", async () => {
    t = await createTestContext();
    const printed: string[] = [];
    await ensureFirstAdmin(t.db, { adminEmail: "dono@clinica.com.br", adminPassword: "Segredo@2026" }, silentLog, (l) => printed.push(l));
    await ensureFirstAdmin(t.db, { adminEmail: "outro@clinica.com.br", adminPassword: "Segredo@2026" }, silentLog, (l) => printed.push(l));
    expect(await userRepository(t.db).countAll()).toBe(1);
    expect(printed.join("\n")).not.toContain("Segredo@2026");
    await expect(t.login("dono@clinica.com.br", "Segredo@2026")).resolves.toBeTruthy();
  });

  it("prints a generated password once when none is configured, and that password works", async () => {
    t = await createTestContext();
    const printed: string[] = [];
    await ensureFirstAdmin(t.db, { adminEmail: undefined, adminPassword: undefined }, silentLog, (l) => printed.push(l));
    const password = printed.join("\n").match(/senha: (\S+)/)?.[1];
    const email = printed.join("\n").match(/email: (\S+)/)?.[1];
    expect(password).toHaveLength(16);
    const session = await t.login(email!, password!);
    const me = await t.request({ method: "GET", url: "/api/auth/me", session });
    expect(me.json().role).toBe("admin");
  });
});
