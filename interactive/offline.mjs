// The last step of `mkdocs build` (interactive/hooks.py runs it): node interactive/offline.mjs <site_dir> [cache_dir]
//
// 1. The service worker, made by workbox-build: sw.js precaches every page, asset, Pyodide's core
//    and our wheel, each under a revision that is its content hash, so a new build replaces
//    exactly what changed and the site works offline after the first visit.  Pages are found by
//    their folder address (cards/ is cards/index.html) and with any query string (?id=P0042).
// 2. Precompressed copies: a .br and a .gz beside every text and wasm file, for a static server
//    that serves them as they are (the README's hosting section).  Compressing Pyodide's 10 MB
//    of wasm with brotli at its best level takes a while, so results are kept in cache_dir under
//    the input's sha256 and reused.
//
// Prints one line: what it wrote.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { generateSW } from "workbox-build";

const [site, cacheDir] = process.argv.slice(2);
if (!site) {
  console.error("usage: node interactive/offline.mjs <site_dir> [cache_dir]");
  process.exit(2);
}

const PRECACHE = ["**/*.{html,css,js,mjs,json,wasm,zip,whl,svg,png,ico,xml,webmanifest,txt}"];
// Source maps and lunr's other languages are never needed to read the site.
const SKIP = ["sw.js", "workbox-*.js", "**/*.map", "assets/javascripts/lunr/**"];

const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: PRECACHE,
  globIgnores: SKIP,
  swDest: join(site, "sw.js"),
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  directoryIndex: "index.html",
  ignoreURLParametersMatching: [/.*/],
  // Pyodide's core and our wheel (in a folder named by its hash) never change at one address, so
  // the service worker may take them from the HTTP cache (a 304 from the server, after the
  // engine's own download) rather than download ~14 MB a second time on the first visit.
  dontCacheBustURLsMatching: /(^|\/)pyodide\/(pyodide\.asm\.wasm|pyodide\.asm\.mjs|pyodide\.mjs|python_stdlib\.zip|[0-9a-f]{16}\/[^/]+\.whl)$/,
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: true,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: "production",
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);

const COMPRESS = /\.(html|css|js|mjs|json|wasm|svg|xml|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESS.test(entry.name)) yield path;
  }
}

function cached(kind, data, make) {
  if (!cacheDir) return make();
  const key = join(cacheDir, `${createHash("sha256").update(data).digest("hex")}.${kind}`);
  if (existsSync(key)) return readFileSync(key);
  const out = make();
  writeFileSync(key, out);
  return out;
}

if (cacheDir) mkdirSync(cacheDir, { recursive: true });
let compressed = 0;
let raw = 0;
let brotli = 0;
for (const path of files(site)) {
  const data = readFileSync(path);
  if (data.length < 512) continue; // a header costs more than it saves
  const br = cached("br", data, () =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: data.length > 4 << 20 ? 9 : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  );
  const gz = cached("gz", data, () => gzipSync(data, { level: 9 }));
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  compressed += 1;
  raw += data.length;
  brotli += br.length;
}
const mb = (n) => (n / 1048576).toFixed(1);
console.log(
  `sw.js precaches ${count} files (${mb(size)} MB); ${compressed} files precompressed (.br, .gz): ${mb(raw)} MB -> ${mb(brotli)} MB brotli`,
);
