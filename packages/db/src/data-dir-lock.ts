import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite cannot be shared by two processes, and its own postmaster.pid names no real process, so a
 * second opener (a second server, `admin:grant`) would write into files the first one holds. Whoever
 * opens a data directory first writes its pid here; a file left by a process that has died is taken over.
 */
export const DATA_DIR_OWNER_FILE = "hyn-owner.pid";

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(`The data directory ${dataDir} is open in process ${ownerPid}`);
  }

  get ownerFile(): string {
    return path.join(this.dataDir, DATA_DIR_OWNER_FILE);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Claims `dataDir` for this process; returns the release. Throws DataDirInUseError while a live process holds it. */
export function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const ownerFile = path.join(dataDir, DATA_DIR_OWNER_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(ownerFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(ownerFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ownerPid = Number(readFileSync(ownerFile, "utf8").trim());
      if (Number.isInteger(ownerPid) && ownerPid > 0 && ownerPid !== process.pid && isAlive(ownerPid))
        throw new DataDirInUseError(dataDir, ownerPid);
      // Left by a process that ended without closing (or by this one): stale. Once, in case of a race.
      if (attempt > 0) throw new DataDirInUseError(dataDir, ownerPid);
      unlinkSync(ownerFile);
    }
  }
}
