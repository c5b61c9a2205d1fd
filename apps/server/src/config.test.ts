import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe("0.0.0.0");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith("/data")).toBe(true);
  });

  it("keeps a prontuário 20 years by default; RECORD_RETENTION_YEARS may raise it, never lower it", () => {
    expect(loadConfig({}).recordRetentionYears).toBe(20);
    expect(loadConfig({ RECORD_RETENTION_YEARS: "25" }).recordRetentionYears).toBe(25);
    expect(() => loadConfig({ RECORD_RETENTION_YEARS: "19" })).toThrow(/RECORD_RETENTION_YEARS não pode ser menor que 20/);
  });

  it("resolves DATA_DIR against the folder npm was started from", () => {
    expect(loadConfig({ DATA_DIR: "./dados", INIT_CWD: "/srv/clinora" }).dataDir).toBe("/srv/clinora/dados");
  });

  it("treats empty variables as unset and reads the integrations' settings", () => {
    const c = loadConfig({ DATABASE_URL: "", TWILIO_AUTH_TOKEN: "tok", PUBLIC_URL: "https://app.exemplo.com.br/" });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.twilio.authToken).toBe("tok");
    expect(c.publicUrl).toBe("https://app.exemplo.com.br");
  });

  it("reads TRUST_PROXY as a hop count (true is one) or the proxies' addresses and CIDR ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.1,fd00::/8" }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.1", "fd00::/8"]);
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.1, balanceador", "-1"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("turns the second opinion and the risk check on by default, with the assistant's own model (docs/decisions/030)", () => {
    expect(loadConfig({}).safetyChecks).toEqual({ secondOpinion: true, secondOpinionModel: null, riskCheck: true, riskModel: null });
    expect(
      loadConfig({ ASSISTANT_SECOND_OPINION: "false", ASSISTANT_SECOND_OPINION_MODEL: "gpt-4.1-mini", SAFETY_RISK_CHECK: "false", SAFETY_RISK_MODEL: "claude-haiku-4-5" }).safetyChecks,
    ).toEqual({ secondOpinion: false, secondOpinionModel: "gpt-4.1-mini", riskCheck: false, riskModel: "claude-haiku-4-5" });
    expect(() => loadConfig({ ASSISTANT_SECOND_OPINION: "talvez" })).toThrow(/ASSISTANT_SECOND_OPINION/);
  });

  it("fails fast with every bad variable listed", () => {
    expect(() => loadConfig({ PORT: "abc", ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "short" })).toThrow(
      /PORT[\s\S]*ADMIN_EMAIL[\s\S]*ADMIN_PASSWORD/,
    );
  });

  it("requires a 32-byte CALENDAR_TOKEN_KEY once Google is configured, and points Google at GOOGLE_BASE_URL", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" })).toThrow(/CALENDAR_TOKEN_KEY: required when GOOGLE_CLIENT_ID is set/);
    expect(() => loadConfig({ CALENDAR_TOKEN_KEY: Buffer.alloc(16).toString("base64") })).toThrow(/CALENDAR_TOKEN_KEY: must be 32 bytes/);
    const key = Buffer.alloc(32, 7);
    const c = loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", CALENDAR_TOKEN_KEY: key.toString("base64"), GOOGLE_BASE_URL: "http://127.0.0.1:4010/" });
    expect(c.google).toEqual({ clientId: "id", clientSecret: "s", baseUrl: "http://127.0.0.1:4010", tokenKey: key });
  });

  it("runs one server process by default, more only on PostgreSQL", () => {
    expect(loadConfig({}).serverProcesses).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: "3", DATABASE_URL: "postgres://db.exemplo/clinora" }).serverProcesses).toBe(3);
    expect(() => loadConfig({ SERVER_PROCESSES: "2" })).toThrow(/SERVER_PROCESSES: above 1 needs DATABASE_URL/);
    expect(() => loadConfig({ SERVER_PROCESSES: "0", DATABASE_URL: "postgres://db.exemplo/clinora" })).toThrow(/SERVER_PROCESSES/);
    expect(() => loadConfig({ SERVER_PROCESSES: "dois" })).toThrow(/SERVER_PROCESSES/);
  });
});
