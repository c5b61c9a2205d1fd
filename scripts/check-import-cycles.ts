/**
 * `npm run lint` runs this after ESLint: it fails when a file of apps/*\/src or packages/*\/src can reach itself
 * through its imports (type-only and lazy `import()` included), or a folder can (a server module, a platform part,
 * a web feature, the web's components, hooks, lib or app: see houseFolderOf), and prints each circle.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describeCircle, describeFolderCircle, findCircles, findFolderCircles, houseFolderOf, importGraph } from "./import-cycles";

const root = resolve(import.meta.dirname, "..");
const workspaces = ["apps", "packages"].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, "tsconfig.json")))
    .map((entry) => join(root, group, entry.name)),
);

const graph = importGraph(workspaces);
const circles = findCircles(graph);
const folderCircles = findFolderCircles(graph, houseFolderOf(workspaces));
const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);

if (circles.length > 0) {
  console.error(`Import circles: ${circles.length} (imports must only point one way; see docs/product/engineering-conventions.md "Avoid")\n`);
  for (const circle of circles) console.error(`${describeCircle(circle, root)}\n`);
  process.exitCode = 1;
}
if (folderCircles.length > 0) {
  console.error(`Folder circles: ${folderCircles.length} (a folder's files import another's, whose files import back)\n`);
  for (const circle of folderCircles) console.error(`${describeFolderCircle(circle, root)}\n`);
  process.exitCode = 1;
}
if (circles.length === 0 && folderCircles.length === 0) {
  console.log(`No import circles, between files or folders (${graph.size} files, ${edges} imports in ${workspaces.length} workspaces).`);
}
