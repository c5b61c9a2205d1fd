/**
 * The import graph of the workspaces' sources and the circles in it (docs/product/engineering-conventions.md "Avoid": import cycles).
 *
 * Imports are read with the TypeScript scanner (static, type-only, `export … from` and `import()` alike: a page
 * loaded lazily still closes a circle) and resolved by resolveImport with each workspace's own tsconfig, so `@/`
 * paths and `@clinora/*` package exports resolve exactly as the type checker resolves them, and as house/boundaries
 * resolves them.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { resolveImport } from "./resolve-import.js";

export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => realpathSync(join(entry.parentPath, entry.name)));
}

/**
 * Every source file under `<workspace>/src` of the given workspaces, with the files of that set it imports.
 * Imports of anything outside the set (npm packages, node builtins) are left out.
 */
export function importGraph(workspaces: readonly string[]): ImportGraph {
  const filesByWorkspace = workspaces.map((workspace) => ({ workspace, files: sourceFiles(join(workspace, "src")) }));
  const known = new Set(filesByWorkspace.flatMap(({ files }) => files));
  const graph: ImportGraph = new Map();

  for (const { files } of filesByWorkspace) {
    for (const file of files) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = new Set<string>();
      for (const { fileName: specifier } of importedFiles) {
        const target = resolveImport(file, specifier);
        if (target && known.has(target)) targets.add(target);
      }
      graph.set(file, [...targets].sort());
    }
  }
  return graph;
}

/** Strongly connected components (Tarjan), iteratively so a deep graph cannot overflow the stack. */
function components(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;

  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);

    while (work.length > 0) {
      const frame = work.at(-1)!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        found.push(component);
      }
    }
  }
  return found;
}

/** The shortest way from `start` back to itself inside `members` (breadth first). */
function shortestCircle(graph: ImportGraph, start: string, members: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

export interface ImportCircle {
  /** Every file caught in the circle (a strongly connected component of the graph), sorted. */
  files: string[];
  /** One concrete way round it, first file repeated at the end. */
  example: string[];
}

/** The import circles of a graph: groups of files that reach each other, and a file that imports itself. */
export function findCircles(graph: ImportGraph): ImportCircle[] {
  return components(graph)
    .filter((component) => component.length > 1 || (graph.get(component[0]!) ?? []).includes(component[0]!))
    .map((component) => {
      const files = [...component].sort();
      return { files, example: shortestCircle(graph, files[0]!, new Set(files)) };
    })
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** A circle as text, with paths relative to `root`. */
export function describeCircle(circle: ImportCircle, root: string): string {
  const show = (file: string) => relative(root, file);
  return [
    `${circle.files.length} file(s): ${circle.example.map(show).join(" -> ")}`,
    ...circle.files.map((file) => `  ${show(file)}`),
  ].join("\n");
}

/**
 * The folder a file belongs to for the folder-level check, or null to leave the file out. Under a workspace's
 * `src`, each folder of `modules/`, `platform/` and `features/` is one node (`modules/patients`, `platform/db`,
 * `features/tasks`); any other folder or file at the top is one node (`components`, `lib`, `app`, `seeds`,
 * `app.ts`). Test files are left out: a test sits on top of what it tests and may reach across, while no code
 * imports a test, so it can close no circle of its own. A module's table file (`modules/<m>/<m>.schema.ts`) is a
 * node of its own: tables name each other in foreign keys, the layer below every module's code, and a module that
 * reads another's table on the allow-list of house/boundaries would otherwise close a circle through them.
 */
export function houseFolderOf(workspaces: readonly string[]): (file: string) => string | null {
  const sources = workspaces.map((workspace) => join(workspace, "src"));
  return (file) => {
    if (TEST_FILE.test(file)) return null;
    const src = sources.find((dir) => file.startsWith(dir + sep));
    if (!src) return null;
    const [top, next, ...rest] = relative(src, file).split(sep);
    if (SCHEMA_FILE.test(file)) return file;
    if (GROUPED.has(top!) && next !== undefined && rest.length > 0) return join(src, top!, next);
    return join(src, top!);
  };
}

const TEST_FILE = /\.test\.tsx?$/;
const SCHEMA_FILE = /\.schema\.ts$/;
/** Folders whose subfolders are each a unit of their own. */
const GROUPED = new Set(["modules", "platform", "features"]);

export interface FolderGraph {
  graph: ImportGraph;
  /** One file import behind each folder arrow, keyed `from\ttarget`: the first by path, so reports are stable. */
  examples: Map<string, [string, string]>;
}

/** The file graph collapsed to folders: folder A points to B when a file of A imports a file of B. */
export function folderGraph(files: ImportGraph, folderOf: (file: string) => string | null): FolderGraph {
  const targets = new Map<string, Set<string>>();
  const examples = new Map<string, [string, string]>();
  for (const [file, imports] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const from = folderOf(file);
    if (from === null) continue;
    if (!targets.has(from)) targets.set(from, new Set());
    for (const target of imports) {
      const to = folderOf(target);
      if (to === null || to === from) continue;
      targets.get(from)!.add(to);
      const key = `${from}\t${to}`;
      if (!examples.has(key)) examples.set(key, [file, target]);
    }
  }
  const graph: ImportGraph = new Map([...targets].map(([folder, set]) => [folder, [...set].sort()]));
  return { graph, examples };
}

export interface FolderCircle extends ImportCircle {
  /** For each arrow of `example`, one file import that makes it. */
  edges: [string, string][];
}

/** The circles between folders: groups of folders whose files import each other's, each arrow with an example. */
export function findFolderCircles(files: ImportGraph, folderOf: (file: string) => string | null): FolderCircle[] {
  const { graph, examples } = folderGraph(files, folderOf);
  return findCircles(graph).map((circle) => ({
    ...circle,
    edges: circle.example.slice(1).map((to, i) => examples.get(`${circle.example[i]}\t${to}`)!),
  }));
}

/** A folder circle as text: the way round, then the file import behind each arrow. */
export function describeFolderCircle(circle: FolderCircle, root: string): string {
  const show = (path: string) => relative(root, path);
  return [
    `${circle.files.length} folder(s): ${circle.example.map(show).join(" -> ")}`,
    ...circle.edges.map(([from, to], i) => `  ${show(circle.example[i]!)} -> ${show(circle.example[i + 1]!)}: ${show(from)} imports ${show(to)}`),
    `  all folders in it: ${circle.files.map(show).join(", ")}`,
  ].join("\n");
}
