import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeFolderCircle, findCircles, findFolderCircles, houseFolderOf, importGraph, type ImportGraph } from "./import-cycles";

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

describe("houseFolderOf", () => {
  const server = join(sep, "repo", "apps", "server");
  const web = join(sep, "repo", "apps", "web");
  const folderOf = houseFolderOf([server, web]);
  const at = (workspace: string, path: string) => join(workspace, "src", ...path.split("/"));

  it("makes each module, platform part and feature one node, and any other top-level folder or file one node", () => {
    expect(folderOf(at(server, "modules/patients/patient.service.ts"))).toBe(at(server, "modules/patients"));
    expect(folderOf(at(server, "modules/assistant/safety/safety-answer.ts"))).toBe(at(server, "modules/assistant"));
    expect(folderOf(at(server, "platform/db/client.ts"))).toBe(at(server, "platform/db"));
    expect(folderOf(at(server, "seeds/demo.ts"))).toBe(at(server, "seeds"));
    expect(folderOf(at(server, "app.ts"))).toBe(at(server, "app.ts"));
    expect(folderOf(at(web, "features/tasks/api/tasks.ts"))).toBe(at(web, "features/tasks"));
    expect(folderOf(at(web, "components/ui/button.tsx"))).toBe(at(web, "components"));
    expect(folderOf(at(web, "app/routes/tasks.tsx"))).toBe(at(web, "app"));
  });

  it("makes a module's table file a node of its own, below the module's code", () => {
    expect(folderOf(at(server, "modules/patients/patients.schema.ts"))).toBe(at(server, "modules/patients/patients.schema.ts"));
    expect(folderOf(at(server, "platform/jobs/jobs.schema.ts"))).toBe(at(server, "platform/jobs/jobs.schema.ts"));
    // Patients' table names the professional's (a foreign key), the professionals' cascade reads patients' table:
    // no circle between the two modules.
    const patients = at(server, "modules/patients/patients.schema.ts");
    const professionals = at(server, "modules/professionals/professionals.schema.ts");
    const cascade = at(server, "modules/professionals/professional.repository.ts");
    const graph = graphOf({ [patients]: [professionals], [professionals]: [], [cascade]: [patients, professionals] });
    expect(findFolderCircles(graph, folderOf)).toEqual([]);
  });

  it("leaves out test files and files outside the workspaces' sources", () => {
    expect(folderOf(at(server, "modules/patients/patient.api.test.ts"))).toBeNull();
    expect(folderOf(at(web, "features/tasks/tasks.test.tsx"))).toBeNull();
    expect(folderOf(join(server, "test", "tenancy.api.test.ts"))).toBeNull();
    expect(folderOf(join(sep, "repo", "scripts", "tool.ts"))).toBeNull();
  });
});

describe("findFolderCircles", () => {
  const folderOf = (file: string) => (file.endsWith(".test.ts") ? null : file.split("/")[0]!);

  it("finds folders whose files import each other's though no file circle exists, with a file import per arrow", () => {
    const files = graphOf({
      "users/user.service.ts": ["auth/session.service.ts", "users/user.repository.ts"],
      "users/user.repository.ts": [],
      "auth/session.service.ts": [],
      "auth/auth.service.ts": ["users/user.repository.ts"],
    });
    expect(findCircles(files)).toEqual([]);
    const circles = findFolderCircles(files, folderOf);
    expect(circles).toEqual([
      {
        files: ["auth", "users"],
        example: ["auth", "users", "auth"],
        edges: [
          ["auth/auth.service.ts", "users/user.repository.ts"],
          ["users/user.service.ts", "auth/session.service.ts"],
        ],
      },
    ]);
    expect(describeFolderCircle(circles[0]!, ".").split("\n")).toEqual([
      "2 folder(s): auth -> users -> auth",
      "  auth -> users: auth/auth.service.ts imports users/user.repository.ts",
      "  users -> auth: users/user.service.ts imports auth/session.service.ts",
      "  all folders in it: auth, users",
    ]);
  });

  it("ignores imports inside a folder, one-way folder imports, and test files", () => {
    const files = graphOf({
      "a/one.ts": ["a/two.ts", "b/x.ts"],
      "a/two.ts": ["a/one.ts"],
      "b/x.ts": [],
      "b/x.test.ts": ["a/one.ts"],
    });
    expect(findFolderCircles(files, folderOf)).toEqual([]);
  });

  it("finds a circle through three folders", () => {
    const files = graphOf({ "a/1.ts": ["b/1.ts"], "b/1.ts": [], "b/2.ts": ["c/1.ts"], "c/1.ts": ["a/2.ts"], "a/2.ts": [] });
    expect(findFolderCircles(files, folderOf).map((circle) => circle.example)).toEqual([["a", "b", "c", "a"]]);
  });
});
