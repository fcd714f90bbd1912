import { spawn } from "node:child_process";
import postgres from "postgres";
import { MissingClientError, RestoreTargetNotEmptyError } from "./errors";

/** The environment the client programs run in (PATH finds them); the caller's, read by its env module. */
export type ClientEnvironment = Record<string, string | undefined>;

/**
 * The URL without its password, and the password for PGPASSWORD: a command line is visible to every
 * user of the machine (`ps`), the environment is not.
 */
function connectionOf(url: string, environment: ClientEnvironment): { dbname: string; env: ClientEnvironment } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...environment, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function serverMajorVersion(url: string): Promise<number> {
  const client = postgres(url, { max: 1, onnotice: () => undefined, fetch_types: false });
  try {
    const [row] = await client<{ version: string }[]>`select current_setting('server_version_num') as version`;
    return Math.floor(Number(row!.version) / 10000);
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Runs pg_dump or pg_restore; a missing program is named with the Debian package of the server's version. */
async function runClient(
  program: "pg_dump" | "pg_restore",
  url: string,
  args: string[],
  environment: ClientEnvironment,
): Promise<void> {
  const { dbname, env } = connectionOf(url, environment);
  const major = await serverMajorVersion(url);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${dbname}`], { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new MissingClientError(
              `${program} was not found: install PostgreSQL ${major}'s client programs (Debian: apt install postgresql-client-${major}), the same major version as the server or newer`,
            )
          : error,
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** A consistent backup of the whole database while it is in use: pg_dump reads one snapshot. Custom format. */
export async function dumpPostgres(url: string, file: string, environment: ClientEnvironment): Promise<void> {
  await runClient("pg_dump", url, ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], environment);
}

/** Whether the database holds any table of its own (any schema but PostgreSQL's). */
export async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = postgres(url, { max: 1, onnotice: () => undefined, fetch_types: false });
  try {
    const [row] = await client<{ tables: number }[]>`select count(*)::int as tables from pg_catalog.pg_tables
      where schemaname not in ('pg_catalog', 'information_schema')`;
    return row!.tables === 0;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Restores a pg_dump backup, all or nothing, into a database that holds no table yet. */
export async function restorePostgres(url: string, file: string, environment: ClientEnvironment): Promise<void> {
  if (!(await postgresIsEmpty(url)))
    throw new RestoreTargetNotEmptyError(
      "the database in DATABASE_URL is not empty: restore goes only into an empty database (createdb a new one), so nothing is overwritten",
    );
  await runClient(
    "pg_restore",
    url,
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", file],
    environment,
  );
}
