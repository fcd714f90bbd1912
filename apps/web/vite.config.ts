import { writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
// By path: Vite bundles its config with the files it imports by path, but loads packages as they are (this one is TypeScript).
import { compiledCatalogs } from "../../packages/i18n/src/vite-plugin.ts";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { appManifest } from "./src/pwa/manifest.ts";
import { keepPreviousRelease } from "./keep-previous-release.ts";

const api = "http://127.0.0.1:3000";

/**
 * Writes a .br and a .gz next to every text file of the build, compressed once at the highest level;
 * the server sends them to browsers that accept them (@fastify/static preCompressed), so no response
 * is compressed per request. Files under 1 KB gain less than the headers cost.
 */
function precompress(): Plugin {
  return {
    name: "hyn-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      const files = Object.values(bundle).filter((file) => /\.(js|css|html|svg)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === "chunk" ? file.code : file.source);
          if (source.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          await writeFile(
            `${target}.br`,
            brotliCompressSync(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          );
          await writeFile(`${target}.gz`, gzipSync(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Pages people commonly open first, and their screen's module (src/app/router.tsx). A screen is a lazy
 * chunk the browser would only discover once the entry has downloaded and run: one more round trip
 * before the page can show. The server names these files in a Link header of the page's index.html,
 * so they download alongside the entry.
 */
const FIRST_SCREENS: Record<string, string> = {
  "/": "src/routes/DashboardPage.tsx",
  "/login": "src/routes/LoginPage.tsx",
  "/signup": "src/routes/SignupPage.tsx",
  "/groups": "src/routes/GroupsPage.tsx",
  "/profile": "src/routes/ProfilePage.tsx",
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * Writes dist/route-preloads.json: for each page of FIRST_SCREENS, the entry's stylesheet (first, so the
 * page's first paint does not queue behind scripts for one of the browser's six connections), then the
 * files its screen needs beyond the entry's.
 */
function routePreloads(): Plugin {
  return {
    name: "hyn-route-preloads",
    apply: "build",
    async writeBundle(options, bundle) {
      const manifestFile = bundle[".vite/manifest.json"];
      if (manifestFile?.type !== "asset") throw new Error("route preloads need build.manifest");
      const manifest = JSON.parse(String(manifestFile.source)) as Record<string, ManifestChunk>;
      const closure = (key: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(key)) return seen;
        seen.add(key);
        for (const imported of manifest[key]!.imports ?? []) closure(imported, seen);
        return seen;
      };
      const filesOf = (keys: Set<string>) =>
        new Set([...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]));
      const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
      // index.html already links the entry and its static imports.
      const inHtml = filesOf(closure(entry));
      const preloads = Object.fromEntries(
        Object.entries(FIRST_SCREENS).map(([page, source]) => {
          if (!manifest[source])
            throw new Error(`${source} is not a chunk of the build: is the route still lazy-loaded?`);
          const screenFiles = [...filesOf(closure(source))].filter((file) => !inHtml.has(file));
          return [page, [...(manifest[entry]!.css ?? []), ...screenFiles].map((file) => `/${file}`)];
        }),
      );
      await writeFile(path.join(options.dir!, "route-preloads.json"), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}

const outDir = path.resolve(import.meta.dirname, "dist");
// The previous release's hashed files stay servable beside this one's (issue 40, ADR 0034).
const previousRelease = keepPreviousRelease({ outDir, previousDist: process.env.PREVIOUS_WEB_DIST || undefined });

export default defineConfig({
  plugins: [
    previousRelease,
    react(),
    compiledCatalogs(),
    precompress(),
    routePreloads(),
    // The installable app (ADR 0016): our own worker (src/sw.ts) gets the build's file list injected;
    // registration is ours too (src/pwa/register.ts, after the first paint), so the plugin adds none.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      manifest: appManifest,
      injectManifest: {
        // A classic script, as the page registers it (src/pwa/register.ts): one file, no module syntax, built
        // without the deprecated inlineDynamicImports the plugin sets for the "es" format.
        rollupFormat: "iife",
        // The shell and every hashed asset (the plugin adds the web app manifest and its icons); not the
        // .br/.gz copies nor the build's own manifests.
        globPatterns: ["**/*.{js,css,html,svg}"],
        globIgnores: ["**/node_modules/**", ".vite/**"],
        // The previous release's files are served, not installed: this release's worker never asks for them.
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => !previousRelease.keptFiles.has(entry.url)) }),
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    // Keep the browser's Host so the server's same-origin check for cookie mutations sees :5173 as itself.
    proxy: Object.fromEntries(
      ["/trpc", "/api", "/dev", "/healthz"].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
  build: {
    outDir,
    sourcemap: false,
    // scripts/check-bundle-size.mjs reads it to sum each route's initial JavaScript.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the data layer change rarely: cache them apart from screens.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return "react";
          if (/node_modules\/(@tanstack|@trpc|superjson|copy-anything|is-what)\//.test(id)) return "data";
          return undefined;
        },
      },
    },
  },
});
