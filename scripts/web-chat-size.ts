/**
 * Prints the gzip size of what the web chat loads (the embed script, and the chat page with its files) from the
 * built app (`npm run build` first), and fails when it passes the 30 KiB budget (docs/decisions/016).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 30 * 1024;
const dist = fileURLToPath(new URL("../apps/web/dist/", import.meta.url));
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const chatHtml = readFileSync(path.join(dist, "chat.html"), "utf8");
const chatFiles = ["chat.html", ...[...chatHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!)];
const groups = { "embed script (widget.js)": ["widget.js"], "chat page": chatFiles };

let failed = false;
for (const [name, files] of Object.entries(groups)) {
  const sizes = files.map((file) => [file, gz(file)] as const);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  console.log(`${name}: ${kib(total)} gzip`);
  for (const [file, size] of sizes) console.log(`  ${file}: ${kib(size)}`);
  if (total > BUDGET_BYTES) failed = true;
}
if (chatFiles.some((file) => /react|vendor|main-/.test(file))) {
  console.error("the chat page loads the app's bundles");
  failed = true;
}
if (failed) {
  console.error(`over the ${kib(BUDGET_BYTES)} budget`);
  process.exit(1);
}
