import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EnvError } from "./env";
import { exitOnError } from "./exit-on-error";

const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

/** What exitOnError writes before it exits (the exit itself is stopped by a throw). */
function lastWords(error: unknown): string {
  const written: string[] = [];
  const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  const exit = vi.spyOn(process, "exit").mockImplementation(() => {
    throw new Error("exited");
  });
  spies.push(write, exit);
  expect(() => exitOnError(error)).toThrow("exited");
  expect(exit).toHaveBeenCalledWith(1);
  return written.join("");
}

describe("a server that cannot go on", () => {
  it("reports a failed query at start-up by its statement, without the values it was sent with", () => {
    const error = new DrizzleQueryError(
      `insert into "users" ("email") values ($1)`,
      ["start-up-secret@example.com"],
      new Error("relation missing"),
    );
    const words = lastWords(error);
    expect(words).not.toContain("start-up-secret");
    expect(words).toContain("insert into users");
    expect(words).toContain("relation missing");
  });

  it("puts a database that cannot be used first, in the driver's words, above the failed query", () => {
    const missing = Object.assign(new Error('database "hyn_gone" does not exist'), { code: "3D000" });
    const words = lastWords(new DrizzleQueryError("select pg_advisory_lock($1)", [1], missing));
    expect(words.split("\n")[0]).toBe('Cannot open the database: database "hyn_gone" does not exist');
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(lastWords(refused).split("\n")[0]).toBe("Cannot open the database: connect ECONNREFUSED 127.0.0.1:5432");
    // A statement the database refused is not the database's fault: no such line.
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(lastWords(new DrizzleQueryError("insert", [], unique))).not.toContain("Cannot open the database");
  });

  it("names a bad variable in one line", () => {
    expect(lastWords(new EnvError("Invalid environment variable PORT: must be a port number"))).toBe(
      "Invalid environment variable PORT: must be a port number\n",
    );
  });
});
