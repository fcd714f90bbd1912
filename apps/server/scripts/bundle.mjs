/**
 * Bundles a server entry point and the workspace's TypeScript into one ES module for plain `node`
 * (ADR 0007). Third-party packages are bundled too, except those that load files of their own at
 * run time (a native addon, a WebAssembly build, pdfkit's font metrics): those are resolved from node_modules beside the
 * bundle, so the package that runs it lists them as dependencies. The committed SQL migrations are
 * copied next to the bundle, where `@hyn/db` looks for them first. The operator's commands (`src/cli`)
 * are bundled the same way into `dist/cli/*.mjs`, so they run on plain `node` where the server runs.
 */
import { cp, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const migrations = path.resolve(import.meta.dirname, "../../../packages/db/migrations");

/** The operator's commands, each `dist/cli/<name>.mjs` (package.json's scripts `exec node` them). */
export const OPERATOR_COMMANDS = ["admin-grant", "backup", "restore", "migrate"];

const shared = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  logLevel: "warning",
  // esbuild leaves their subpaths (e.g. @electric-sql/pglite/vector) external with them.
  // pdfkit requires its standard fonts' metrics by path at run time (the notice-board sheet, issue 42 §2); the
  // sheet's own font (dejavu-fonts-ttf) is read the same way, beside the bundle.
  external: ["@node-rs/argon2", "@electric-sql/pglite", "pdfkit"],
  // CommonJS packages inside an ES module bundle still call require().
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
};

export async function bundleServer({ entry, outfile }) {
  await build({ ...shared, entryPoints: [entry], outfile });
  await cp(migrations, path.join(path.dirname(outfile), "migrations"), { recursive: true });
}

/** Bundles the commands into `outdir`, sharing their common code in chunks, with the migrations beside them. */
export async function bundleCommands({ sourceDir, outdir }) {
  // Chunks are named by content: the last build's would pile up.
  await rm(outdir, { recursive: true, force: true });
  await build({
    ...shared,
    entryPoints: OPERATOR_COMMANDS.map((name) => ({ in: path.join(sourceDir, `${name}.ts`), out: name })),
    outdir,
    outExtension: { ".js": ".mjs" },
    splitting: true,
  });
  await cp(migrations, path.join(outdir, "migrations"), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  await bundleServer({ entry: path.join(root, "src/index.ts"), outfile: path.join(root, "dist/server.mjs") });
  await bundleCommands({ sourceDir: path.join(root, "src/cli"), outdir: path.join(root, "dist/cli") });
}
