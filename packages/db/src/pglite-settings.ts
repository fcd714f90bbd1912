/**
 * The PostgreSQL settings the embedded database (PGlite) runs with (issue 44). PGlite is PostgreSQL
 * compiled to WebAssembly: its memory is one WebAssembly memory inside the Node process, which grows
 * and is never given back, and which Node's heap flags do not bound. PostgreSQL's defaults are sized
 * for a server of its own (128 MB of shared buffers, 64 MB per index build or vacuum); one process
 * serving a neighbourhood needs far less. Each value here is what the bench's PGlite RSS measure
 * (`pnpm bench:pglite-rss`, docs/PERFORMANCE.md) was taken with.
 */
export const PGLITE_SETTINGS = {
  /** The page cache (PostgreSQL's default 128MB; the bench's 20 neighbours held 317 MB with 32MB, 289 MB with 16MB). */
  shared_buffers: "16MB",
  /** Sorts and hashes per query step (default 4MB): the app's lists are paged. */
  work_mem: "4MB",
  /** Index builds (migrations) and vacuum (default 64MB): the memory they take stays with the process. */
  maintenance_work_mem: "16MB",
  /** WAL not yet written (default 4MB with 128MB of shared buffers): one writer at a time. */
  wal_buffers: "1MB",
  /** Temporary tables per session (default 8MB): the app creates none. */
  temp_buffers: "2MB",
} as const;

/**
 * PGlite's own start parameters followed by ours: `startParams` replaces PGlite's defaults (single-user
 * mode and its workers switched off), so they are kept first. Passed at every start, never written to
 * postgresql.conf, so an existing data directory gets them too.
 */
export function pgliteStartParams(pgliteDefaults: readonly string[]): string[] {
  return [...pgliteDefaults, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
}
