/**
 * Issue 6 budget, run in CI right after the web build: the JavaScript a browser must download before
 * the login or the dashboard page can render (the entry chunk, the route's lazy chunk, every chunk
 * they import statically, and the English texts of the namespaces the router loads with the screen),
 * gzipped, stays within 150 KB (151 KB between issues 40 and 41, won back when the web stopped bundling
 * superjson: docs/PERFORMANCE.md, "Initial JavaScript after issue 41").
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 150 * 1024;
const ROUTES = { login: "src/routes/LoginPage.tsx", dashboard: "src/routes/DashboardPage.tsx" };

const dist = fileURLToPath(new URL("../apps/web/dist/", import.meta.url));

/** The namespaces router.tsx loads with a screen: `screen(() => import("../routes/X"), ["a", "b"])`. */
const routerSource = readFileSync(new URL("../apps/web/src/app/router.tsx", import.meta.url), "utf8");
function namespacesOf(source) {
  const page = path.basename(source, ".tsx");
  const found = new RegExp(`import\\("\\.\\./routes/${page}"\\)(?:, \\[([^\\]]*)\\])?`).exec(routerSource);
  if (!found) throw new Error(`router.tsx does not load ${source} through screen()`);
  return [...(found[1] ?? "").matchAll(/"([\w-]+)"/g)].map((match) => match[1]);
}
let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
} catch {
  console.error("apps/web/dist/.vite/manifest.json is missing: run `pnpm build` first (build.manifest must be true).");
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error("the Vite manifest has no entry chunk");

/** A chunk and everything it imports statically (dynamic imports load later, on demand). */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

let failed = false;
for (const [route, source] of Object.entries(ROUTES)) {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build: is the route still lazy-loaded?`);
  const catalogs = namespacesOf(source).map((namespace) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(`packages/i18n/catalogs/${namespace}/en.json`));
    if (!key) throw new Error(`the English ${namespace} catalog is not a chunk of the build`);
    return key;
  });
  const chunks = new Set([
    ...staticClosure(entryKey),
    ...staticClosure(source),
    ...catalogs.flatMap((key) => [...staticClosure(key)]),
  ]);
  const files = [...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith(".js"));
  const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const ok = total <= BUDGET_BYTES;
  failed ||= !ok;
  process.stdout.write(
    `${ok ? "PASS" : "FAIL"}  ${route}: ${(total / 1024).toFixed(1)} KB gzipped of initial JavaScript (budget ${BUDGET_BYTES / 1024} KB) in ${files.length} files\n`,
  );
}
process.exit(failed ? 1 : 0);
