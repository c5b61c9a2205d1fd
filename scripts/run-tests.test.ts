import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clockTime, PLAN, runPlan, type Step } from "./run-tests";

/** Each test starts a few node processes: on a machine busy with the rest of the suite that takes seconds. */
const SPAWNS_MS = 30_000;

const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };

const dir = mkdtempSync(path.join(os.tmpdir(), "clinora-run-tests-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A step that prints `lines` (one every `everyMs`) and exits with `code`. */
const node = (name: string, lines: string[], code = 0, everyMs = 20): Step => ({
  name,
  script: name,
  command: [
    process.execPath,
    "-e",
    `const lines = ${JSON.stringify(lines)}; let i = 0; const t = setInterval(() => { if (i < lines.length) console.log(lines[i++]); else { clearInterval(t); process.exit(${code}); } }, ${everyMs});`,
  ],
});

/** A step that ends only once `file` exists (exit 9 if it never comes), then prints `lines`. */
const waitsFor = (name: string, file: string, lines: string[]): Step => ({
  name,
  script: name,
  command: [
    process.execPath,
    "-e",
    `const fs = require("node:fs"); const start = Date.now(); const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(file)})) { clearInterval(t); for (const l of ${JSON.stringify(lines)}) console.log(l); } else if (Date.now() - start > 20000) process.exit(9); }, 10);`,
  ],
});

/** A step that creates `file`, then prints `lines`. */
const creates = (name: string, file: string, lines: string[]): Step => ({
  name,
  script: name,
  command: [process.execPath, "-e", `require("node:fs").writeFileSync(${JSON.stringify(file)}, ""); for (const l of ${JSON.stringify(lines)}) console.log(l);`],
});

async function collect(plan: Step[][]) {
  let text = "";
  const result = await runPlan(plan, { inheritTerminal: false, write: (chunk) => (text += String(chunk)) });
  return { ...result, text };
}

describe("npm test's runner", () => {
  it("runs every check, each once: the API tests on both databases, one after the other", () => {
    expect(scripts["test:api"]).toBe("npm run test:api:pglite && npm run test:api:pg");
    expect(PLAN.flat().map((s) => s.script).sort()).toEqual(["lint", "test:api", "test:e2e", "test:unit", "typecheck"]);
  });

  it("writes times as m:ss, rounded to the second", () => {
    expect([0, 59.4, 59.6, 61, 779.2].map(clockTime)).toEqual(["0:00", "0:59", "1:00", "1:01", "12:59"]);
  });

  it("runs the groups in order and a group's steps together, printing a beside step's output whole after its lead's", { timeout: SPAWNS_MS }, async () => {
    // The lead ends only once the step beside it has run: one after the other, the lead would wait in vain.
    const signal = path.join(dir, "beside-started");
    const { passed, outcomes, text } = await collect([
      [node("primeiro", ["p1"])],
      [waitsFor("lead", signal, ["l1", "l4"]), creates("beside", signal, ["b1", "b4"])],
    ]);
    expect(passed).toBe(true);
    expect(outcomes.map((o) => [o.step.name, o.code])).toEqual([
      ["primeiro", 0],
      ["lead", 0],
      ["beside", 0],
    ]);
    const order = ["p1", "l1", "l4", "run beside lead", "b1", "b4"].map((mark) => text.indexOf(mark));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toMatch(/lead +\d+:\d\d +passed\n/);
    expect(text).toMatch(/beside +\d+:\d\d +passed +\(beside lead\)\n/);
    expect(text).toMatch(/all +\d+:\d\d +passed\n$/);
  });

  it("lets a failed step's group finish, runs no later group and fails", { timeout: SPAWNS_MS }, async () => {
    const { passed, outcomes, text } = await collect([
      [node("quebra", ["q1"], 3), node("vizinho", ["v1", "v2", "v3", "v4", "v5"], 0, 40)],
      [node("depois", ["d1"])],
    ]);
    expect(passed).toBe(false);
    expect(outcomes.map((o) => [o.step.name, o.code])).toEqual([
      ["quebra", 3],
      ["vizinho", 0],
    ]);
    expect(text).toContain("v5");
    expect(text).not.toContain("d1");
    expect(text).toMatch(/quebra +\d+:\d\d +FAILED \(exit 3\)\n/);
    expect(text).toMatch(/depois +— +not run\n/);
    expect(text).toMatch(/all +\d+:\d\d +FAILED\n$/);
  });

  it("counts a step that cannot start as failed", { timeout: SPAWNS_MS }, async () => {
    const { passed, outcomes } = await collect([[{ name: "inexistente", script: "x", command: ["/nonexistent/clinora-command"] }]]);
    expect(passed).toBe(false);
    expect(outcomes[0]!.code).toBe(1);
  });
});
