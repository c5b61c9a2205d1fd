import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../src/platform/db/data-dir-lock";
import { serverDir } from "../src/server-dir";
import { buildServerBundle, SERVER_BUNDLE_DIR } from "../src/scripts/server-bundle";
import { startServerProcess, stopServerProcess, type ServerProcess } from "./server-process";
import { testDbKind } from "./test-db";

/**
 * The bundle `npm start` runs (docs/decisions/005), built into a folder of its own and started as the start
 * script starts it, from another working directory, on an empty embedded database: it must find its migrations,
 * its external packages and the web app, and stop cleanly. Embedded database only: the start command's default.
 */
const onPglite = testDbKind() === "pglite";

/** `node <flags> <script>` of apps/server's start script. */
function startScript(): { flags: string[]; script: string } {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as { scripts: { start: string } };
  const [node, ...rest] = pkg.scripts.start.split(" ");
  expect(node).toBe("node");
  return { flags: rest.slice(0, -1), script: rest[rest.length - 1]! };
}

describe.skipIf(!onPglite)("the server bundle", () => {
  let bundleDir: string;
  let workDir: string;
  let server: ServerProcess;
  const admin = { email: "admin@pacote.test", password: "Pacote@12345" };

  beforeAll(async () => {
    // Inside apps/server, as dist/ is: the external packages are found in the node_modules folders above.
    mkdirSync(SERVER_BUNDLE_DIR, { recursive: true });
    bundleDir = mkdtempSync(path.join(SERVER_BUNDLE_DIR, "test-"));
    workDir = mkdtempSync(path.join(os.tmpdir(), "clinora-bundle-"));
    const web = path.join(workDir, "web");
    mkdirSync(web);
    writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Clinora pacote</title><div id=root></div>");

    const bundle = await buildServerBundle(bundleDir);
    const { flags } = startScript();
    server = await startServerProcess(
      {
        DATA_DIR: path.join(workDir, "data"),
        WEB_DIST_DIR: web,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
      { args: [...flags, bundle], cwd: workDir },
    );
  }, 180_000);

  afterAll(async () => {
    if (server) await stopServerProcess(server, "SIGKILL");
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it("is what the start script runs", () => {
    expect(startScript().script).toBe(path.relative(serverDir, path.join(SERVER_BUNDLE_DIR, "server.js")));
  });

  it("answers health on the embedded database", async () => {
    const res = await fetch(`${server.origin}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("ran the migrations: the first administrator was created and logs in", async () => {
    const res = await fetch(`${server.origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { session_id: string; user: { email: string; role: string } };
    expect(body.user).toMatchObject({ email: admin.email, role: "admin" });
    const me = await fetch(`${server.origin}/api/auth/me`, { headers: { "x-session-id": body.session_id } });
    expect(me.status).toBe(200);
  });

  it("serves the web app and the API docs", async () => {
    const page = await fetch(`${server.origin}/agenda`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Clinora pacote</title>");

    const docs = await fetch(`${server.origin}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { info: { title: string } }).info.title).toBe("Clinora API");
    // The docs UI's own files, read from its package folder.
    expect((await fetch(`${server.origin}/api/docs/static/logo.svg`)).status).toBe(200);
  });

  it("stops cleanly on SIGTERM and releases the data folder", async () => {
    await stopServerProcess(server, "SIGTERM");
    expect(server.child.exitCode).toBe(0);
    expect(existsSync(path.join(workDir, "data", LOCK_FILE))).toBe(false);
  });
});
