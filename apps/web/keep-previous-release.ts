import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Plugin } from "vite";

/** Written into each build: the hashed files that build made itself (not the ones it kept). */
export const RELEASE_ASSETS_FILE = "release-assets.json";
/** A file's precompressed copies (vite.config.ts's precompress) travel with it. */
const COPIES = ["", ".br", ".gz"];

/**
 * A release and the one before it can be served side by side (issue 40, ADR 0034): the build copies the
 * previous build's own hashed files into its `assets/`, so a page of the previous release (an open tab, an
 * instance not yet restarted behind the same proxy) still finds every chunk it asks for. The previous build
 * is `previousDist` (PREVIOUS_WEB_DIST, for a release built in a new folder), else what `outDir` holds
 * before Vite empties it. Only that one release is kept: the files it had kept itself are not.
 */
export function keepPreviousRelease(options: { outDir: string; previousDist?: string | undefined }): Plugin & {
  keptFiles: Set<string>;
} {
  const previousDist = path.resolve(options.previousDist ?? options.outDir);
  const keptFiles = new Set<string>();
  let holding: string | undefined;
  return {
    name: "hyn-keep-previous-release",
    apply: "build",
    keptFiles,
    // Before Vite empties outDir: the previous release's files are set aside.
    async buildStart() {
      const listFile = path.join(previousDist, RELEASE_ASSETS_FILE);
      if (!existsSync(listFile)) return;
      const files = JSON.parse(await readFile(listFile, "utf8")) as string[];
      holding = await mkdtemp(path.join(tmpdir(), "hyn-previous-release-"));
      await mkdir(path.join(holding, "assets"), { recursive: true });
      for (const file of files)
        for (const copy of COPIES) {
          const from = path.join(previousDist, file + copy);
          if (existsSync(from)) await copyFile(from, path.join(holding, file + copy));
        }
      for (const file of files) keptFiles.add(file);
    },
    async writeBundle(output, bundle) {
      const outDir = output.dir!;
      const own = Object.keys(bundle).filter((file) => file.startsWith("assets/"));
      await writeFile(path.join(outDir, RELEASE_ASSETS_FILE), `${JSON.stringify(own.sort(), null, 2)}\n`);
      // A file unchanged between the releases (same name, same content) is this release's own.
      for (const file of own) keptFiles.delete(file);
      if (!holding) return;
      for (const file of keptFiles) {
        for (const copy of COPIES) {
          const from = path.join(holding, file + copy);
          if (existsSync(from)) await copyFile(from, path.join(outDir, file + copy));
        }
      }
      await rm(holding, { recursive: true, force: true });
    },
  };
}
