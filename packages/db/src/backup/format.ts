import { closeSync, openSync, readSync } from "node:fs";
import { BackupFormatError } from "./errors";

export type BackupKind = "pglite" | "postgres";

/** What a backup file holds, from its first bytes: pg_dump's custom format starts "PGDMP", PGlite's copy is gzip. */
export function backupKindOf(file: string): BackupKind {
  const head = Buffer.alloc(5);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") === "PGDMP") return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  throw new BackupFormatError(`${file} is not a backup made by this app's backup command`);
}
