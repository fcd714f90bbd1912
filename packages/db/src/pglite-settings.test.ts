import { describe, expect, it } from "vitest";
import { PGLITE_SETTINGS, pgliteStartParams } from "./pglite-settings";

const pgliteDefaults = ["--single", "-F", "-O", "-j", "-c", "search_path=public", "-c", "max_worker_processes=0"];

/** Megabytes of a PostgreSQL memory setting written as "<n>MB". */
const mb = (value: string) => Number(/^(\d+)MB$/.exec(value)?.[1] ?? Number.NaN);

describe("the embedded database's settings (issue 44)", () => {
  it("keeps PGlite's own start parameters first and adds each setting as one -c", () => {
    const params = pgliteStartParams(pgliteDefaults);
    expect(params.slice(0, pgliteDefaults.length)).toEqual(pgliteDefaults);
    const added = params.slice(pgliteDefaults.length);
    expect(added.filter((_, i) => i % 2 === 0).every((flag) => flag === "-c")).toBe(true);
    expect(added.filter((_, i) => i % 2 === 1)).toEqual(
      Object.entries(PGLITE_SETTINGS).map(([name, value]) => `${name}=${value}`),
    );
  });

  it("sizes PostgreSQL's memory for one process, below PostgreSQL's defaults", () => {
    const defaults = { shared_buffers: 128, work_mem: 4, maintenance_work_mem: 64, wal_buffers: 4, temp_buffers: 8 };
    for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
      expect(mb(value), name).toBeLessThanOrEqual(defaults[name as keyof typeof defaults]);
    }
    const total = Object.values(PGLITE_SETTINGS).reduce((sum, value) => sum + mb(value), 0);
    // The database's share of the bench's 300 MB steady budget, with Node and the compiled module beside it.
    expect(total).toBeLessThanOrEqual(64);
  });
});
