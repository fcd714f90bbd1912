/**
 * What every operator's command (admin:grant, backup, restore, migrate) shares: the service's own
 * configuration (the env module, optionally read from the unit's env file with `--env-file FILE`), a
 * refusal in one line when no database is configured, and its last words in one line.
 */
import path from "node:path";
import { holdsPgliteDatabase } from "@hyn/db";
import { parseEnv, readProcessEnv, type Env } from "../env";
import { exitOnError, exitOnUncaughtErrors } from "../exit-on-error";

/** A refusal the operator can act on: said in one line, with the exit code. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export interface OperatorCommand {
  env: Env;
  /** The arguments after the options. */
  args: string[];
  /** Where the database is, for the command's last line. */
  databaseName: string;
}

/**
 * Reads `--env-file FILE` (the systemd unit's EnvironmentFile, so the command sees what the service
 * sees) and the environment. `creates`: the command may make a new database (migrate, restore), so a
 * DATA_DIR given explicitly is enough; the others need DATABASE_URL or a DATA_DIR that holds a database.
 */
export function operatorCommand(argv: string[], options: { usage: string; creates: boolean }): OperatorCommand {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const inline = /^--env-file=(.+)$/.exec(arg)?.[1];
    const file = inline ?? (arg === "--env-file" ? argv[++i] : undefined);
    if (arg.startsWith("--env-file")) {
      if (!file) throw new CommandError(`Usage: ${options.usage}`, 2);
      try {
        process.loadEnvFile(file);
      } catch (error) {
        throw new CommandError(`Cannot read the env file ${file}: ${(error as Error).message}`, 2);
      }
    } else args.push(arg);
  }
  const source = readProcessEnv();
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const configured =
    env.DATABASE_URL !== undefined || (options.creates ? Boolean(source.DATA_DIR) : holdsPgliteDatabase(dataDir));
  if (!configured)
    throw new CommandError(
      options.creates
        ? "No database configured: set DATABASE_URL, or DATA_DIR for the embedded database (or pass the service's --env-file FILE)."
        : `No database configured: DATABASE_URL is not set and DATA_DIR (${dataDir}) holds no database. Run it with the service's settings (--env-file FILE).`,
      2,
    );
  return { env, args, databaseName: env.DATABASE_URL ? "PostgreSQL" : `PGlite at ${dataDir}` };
}

/** Runs a command's body: a CommandError is its one line and exit code, anything else exitOnError's. */
export async function runOperatorCommand(body: () => Promise<void>): Promise<void> {
  exitOnUncaughtErrors();
  try {
    await body();
  } catch (error) {
    if (!(error instanceof CommandError)) exitOnError(error);
    process.stderr.write(`${error.message}\n`);
    process.exit(error.exitCode);
  }
}
