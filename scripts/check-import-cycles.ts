/**
 * `npm run lint` runs this after ESLint: it fails when a file of apps/*\/src or packages/*\/src can reach itself
 * through its imports (type-only and lazy `import()` included), and prints each circle.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describeCircle, findCircles, importGraph } from "./import-cycles";

const root = resolve(import.meta.dirname, "..");
const workspaces = ["apps", "packages"].flatMap((group) =>
  readdirSync(join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, "tsconfig.json")))
    .map((entry) => join(root, group, entry.name)),
);

const graph = importGraph(workspaces);
const circles = findCircles(graph);
const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);

if (circles.length > 0) {
  console.error(`Import circles: ${circles.length} (imports must only point one way; see CONVENTIONS.md "Avoid")\n`);
  for (const circle of circles) console.error(`${describeCircle(circle, root)}\n`);
  process.exitCode = 1;
} else {
  console.log(`No import circles (${graph.size} files, ${edges} imports in ${workspaces.length} workspaces).`);
}
