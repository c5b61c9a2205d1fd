import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, dataDirHolder, LOCK_FILE } from "./data-dir-lock";

describe("embedded data folder lock", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const fresh = () => (dir = mkdtempSync(path.join(os.tmpdir(), "clinora-lock-")));

  it("takes a free folder and gives it back", () => {
    fresh();
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses a folder another live process holds, naming it", () => {
    fresh();
    // The parent process (vitest's) is alive for the whole test.
    writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
    expect(dataDirHolder(dir)).toBe(process.ppid);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`aberto pelo processo ${process.ppid}`));
  });

  it("ignores the stale lock of a process that died", () => {
    fresh();
    writeFileSync(path.join(dir, LOCK_FILE), "4194303\n");
    expect(dataDirHolder(dir)).toBeNull();
    acquireDataDirLock(dir)();
  });
});
