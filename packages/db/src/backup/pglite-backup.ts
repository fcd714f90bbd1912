import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { claimDataDir, DATA_DIR_OWNER_FILE } from "../data-dir-lock";
import { RestoreTargetNotEmptyError } from "./errors";
import { BACKUP_HAND_OFF_FILE } from "./hand-off";

/**
 * A point-in-time copy of an open PGlite: its data directory as a gzipped tar, taken between two
 * transactions (the transaction mutex is held, and PGlite's dump holds the query mutex), after a
 * checkpoint so the copy needs little recovery when opened. Writes wait for the copy (a second or two).
 */
export async function dumpPglite(pglite: PGlite): Promise<Uint8Array> {
  await pglite.exec("CHECKPOINT");
  const blob = await pglite.transaction(() => pglite.dumpDataDir("gzip"));
  return new Uint8Array(await blob.arrayBuffer());
}

/** Whether `dataDir` holds a PGlite database (PostgreSQL's PG_VERSION file), rather than nothing or an empty folder. */
export function holdsPgliteDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, "PG_VERSION"));
}

/** Opens a backup made by dumpPglite into `dataDir`, which must be empty or absent. */
export async function restorePglite(dataDir: string, backup: Uint8Array): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new RestoreTargetNotEmptyError(
      `${dataDir} is not empty: restore goes only into an empty or new directory, so nothing is overwritten`,
    );
  const release = claimDataDir(dataDir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = new PGlite(dataDir, { loadDataDir: new Blob([Buffer.from(backup)]) });
    await pglite.waitReady;
    await pglite.close();
    // The copy's own files name the process that held the original and how to reach it: not this one.
    rmSync(path.join(dataDir, BACKUP_HAND_OFF_FILE), { force: true });
  } finally {
    release();
  }
  // The owner file copied from the original (the running server's pid) went with the release above.
  rmSync(path.join(dataDir, DATA_DIR_OWNER_FILE), { force: true });
}
