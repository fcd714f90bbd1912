/**
 * Bundles a server entry point and the workspace's TypeScript into one ES module for plain `node`
 * (ADR 0007). Third-party packages are bundled too, except the two that load files of their own at
 * run time (a native addon, a WebAssembly build): those are resolved from node_modules beside the
 * bundle, so the package that runs it lists them as dependencies. The committed SQL migrations are
 * copied next to the bundle, where `@hyn/db` looks for them first.
 */
import { cp } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const migrations = path.resolve(import.meta.dirname, "../../../packages/db/migrations");

export async function bundleServer({ entry, outfile }) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    sourcemap: true,
    logLevel: "warning",
    // esbuild leaves their subpaths (e.g. @electric-sql/pglite/vector) external with them.
    external: ["@node-rs/argon2", "@electric-sql/pglite"],
    // CommonJS packages inside an ES module bundle still call require().
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
  });
  await cp(migrations, path.join(path.dirname(outfile), "migrations"), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  await bundleServer({ entry: path.join(root, "src/index.ts"), outfile: path.join(root, "dist/server.mjs") });
}
