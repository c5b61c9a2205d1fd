import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findCircles, importGraph, type ImportGraph } from "./import-cycles";

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe("findCircles", () => {
  it("finds nothing when every import points one way", () => {
    expect(findCircles(graphOf({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("finds a long circle once, with every file in it and one way round", () => {
    const circles = findCircles(graphOf({ a: ["b"], b: ["c"], c: ["d", "a"], d: [], e: ["a"] }));
    expect(circles).toEqual([{ files: ["a", "b", "c"], example: ["a", "b", "c", "a"] }]);
  });

  it("finds separate circles and a file that imports itself", () => {
    const circles = findCircles(graphOf({ a: ["b"], b: ["a"], c: ["c"], d: ["e"], e: ["d", "a"] }));
    expect(circles.map((circle) => circle.files)).toEqual([["a", "b"], ["c"], ["d", "e"]]);
  });
});

describe("importGraph", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "import-cycles-")));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it("follows relative, path-alias, type-only and lazy imports, and ignores packages and comments", () => {
    write(
      "web/tsconfig.json",
      JSON.stringify({ compilerOptions: { moduleResolution: "Bundler", module: "ESNext", paths: { "@/*": ["./src/*"] } } }),
    );
    write("web/src/app/routes.ts", 'export const load = () => import("@/features/page");\n// import "./nowhere";\n');
    write("web/src/features/page.tsx", 'import type { X } from "../app/routes";\nimport { useState } from "react";\n');
    write("web/src/lib/leaf.ts", 'export * from "node:path";\n');

    const graph = importGraph([join(root, "web")]);
    const file = (path: string) => join(root, "web/src", path);
    expect(graph.get(file("app/routes.ts"))).toEqual([file("features/page.tsx")]);
    expect(graph.get(file("features/page.tsx"))).toEqual([file("app/routes.ts")]);
    expect(graph.get(file("lib/leaf.ts"))).toEqual([]);
    expect(findCircles(graph).map((circle) => circle.files)).toEqual([[file("app/routes.ts"), file("features/page.tsx")]]);
  });
});
