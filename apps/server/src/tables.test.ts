import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableName, isTable } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as tables from "./tables";

const src = import.meta.dirname;

/** Every `*.schema.ts` under `folder/*` (relative to src), as tables.ts names it. */
const schemaFiles = (folder: string) =>
  readdirSync(path.join(src, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(path.join(src, folder, entry.name))
        .filter((file) => file.endsWith(".schema.ts"))
        .map((file) => `./${folder}/${entry.name}/${file.replace(/\.ts$/, "")}`),
    );

describe("tables.ts", () => {
  it("re-exports every table file drizzle-kit reads (modules/*/*.schema.ts, platform/*/*.schema.ts)", () => {
    const listed = [...readFileSync(path.join(src, "tables.ts"), "utf8").matchAll(/export \* from "([^"]+)";/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...schemaFiles("modules"), ...schemaFiles("platform")].sort());
  });

  it("holds each table once, under its own name", () => {
    const names = Object.values(tables)
      .filter((value) => isTable(value))
      .map((table) => getTableName(table));
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["professionals", "patients", "appointments", "jobs", "rate_limit_hits", "record_entries", "charges"]));
  });
});
