import { describe, expect, it, vi } from "vitest";
import type { Database } from "./client";
import { perDatabase } from "./prepared-queries";

describe("perDatabase", () => {
  it("builds a database's queries on first use and reuses them after", () => {
    const build = vi.fn((db: Database) => ({ builtFor: db }));
    const queries = perDatabase(build);
    const [first, second] = [{} as Database, {} as Database];

    expect(queries(first).builtFor).toBe(first);
    expect(queries(first)).toBe(queries(first));
    expect(queries(second).builtFor).toBe(second);
    expect(build).toHaveBeenCalledTimes(2);
  });
});
