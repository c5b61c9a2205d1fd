/**
 * What a browser downloads before the first screen can run: the entry script of dist/index.html and every chunk
 * it imports statically, followed through Vite's manifest (dist/.vite/manifest.json), plus the stylesheets.
 * Chunks behind a dynamic import() (the pages the router loads on demand) are not part of it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface InitialAsset {
  /** Path under dist/, e.g. assets/index-abc123.js. */
  file: string;
  kind: "js" | "css";
  bytes: number;
  /** zlib's default level, as Vite's build report and most servers use. */
  gzip: number;
  brotli: number;
}

export interface InitialLoad {
  assets: InitialAsset[];
  js: { bytes: number; gzip: number; brotli: number };
  css: { bytes: number; gzip: number; brotli: number };
}

function measure(distDir: string, file: string, kind: InitialAsset["kind"]): InitialAsset {
  const content = readFileSync(path.join(distDir, file));
  return {
    file,
    kind,
    bytes: content.length,
    gzip: gzipSync(content).length,
    brotli: brotliCompressSync(content).length,
  };
}

function sum(assets: InitialAsset[]) {
  return {
    bytes: assets.reduce((total, asset) => total + asset.bytes, 0),
    gzip: assets.reduce((total, asset) => total + asset.gzip, 0),
    brotli: assets.reduce((total, asset) => total + asset.brotli, 0),
  };
}

/** Reads a built app (after `vite build`) and lists the JavaScript and CSS of its first load. */
export function initialLoad(distDir: string): InitialLoad {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  const html = readFileSync(path.join(distDir, "index.html"), "utf8");

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith("index.html"));
  if (!entryKey) throw new Error("The manifest has no index.html entry: was the app built with build.manifest?");

  const jsFiles = new Set<string>();
  const cssFiles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || jsFiles.has(chunk.file)) return;
    jsFiles.add(chunk.file);
    for (const css of chunk.css ?? []) cssFiles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);

  // The HTML must ask for exactly these files; a chunk it preloads beyond the static graph is also downloaded.
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/([^"]+\.(?:js|css))"/g)) {
    const file = match[1] as string;
    if (file.endsWith(".css")) cssFiles.add(file);
    else jsFiles.add(file);
  }

  const assets = [
    ...[...jsFiles].map((file) => measure(distDir, file, "js")),
    ...[...cssFiles].map((file) => measure(distDir, file, "css")),
  ].sort((a, b) => b.gzip - a.gzip);
  return {
    assets,
    js: sum(assets.filter((asset) => asset.kind === "js")),
    css: sum(assets.filter((asset) => asset.kind === "css")),
  };
}

export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/**
 * The JavaScript and CSS a page of its own loads (the web chat's or the booking page's `*.html`, built without the
 * app's manifest): every script and stylesheet its HTML names, followed through the modules they import.
 */
export function standalonePageLoad(distDir: string, htmlFile: string): InitialLoad {
  const html = readFileSync(path.join(distDir, htmlFile), "utf8");
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/([^"]+\.(?:js|css))"/g)) files.add(match[1] as string);
  // A script's static imports ("./chunk-abc.js") are downloaded before it runs.
  for (const file of [...files]) {
    if (!file.endsWith(".js")) continue;
    for (const imported of readFileSync(path.join(distDir, file), "utf8").matchAll(/\bimport\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      files.add(path.posix.join(path.posix.dirname(file), imported[1] as string));
    }
  }
  const assets = [...files].map((file) => measure(distDir, file, file.endsWith(".css") ? "css" : "js")).sort((a, b) => b.gzip - a.gzip);
  return { assets, js: sum(assets.filter((asset) => asset.kind === "js")), css: sum(assets.filter((asset) => asset.kind === "css")) };
}
