import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite cannot be opened by a second process, so a backup of a running server's embedded database is
 * taken by the server itself. It writes where it listens and a random key into this file of its data
 * directory (readable only by its user, who can read the database's files anyway); `backup` reads it and
 * asks the server for the copy with that key.
 */
export const BACKUP_HAND_OFF_FILE = "hyn-backup.json";

export interface BackupHandOff {
  /** Where the running server answers the backup call, on a loopback address. */
  url: string;
  key: string;
}

export function newBackupKey(): string {
  return randomBytes(32).toString("base64url");
}

export function writeBackupHandOff(dataDir: string, handOff: BackupHandOff): () => void {
  const file = path.join(dataDir, BACKUP_HAND_OFF_FILE);
  writeFileSync(file, JSON.stringify(handOff), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

export function readBackupHandOff(dataDir: string): BackupHandOff | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dataDir, BACKUP_HAND_OFF_FILE), "utf8")) as Partial<BackupHandOff>;
    return typeof parsed.url === "string" && typeof parsed.key === "string"
      ? { url: parsed.url, key: parsed.key }
      : null;
  } catch {
    return null;
  }
}
