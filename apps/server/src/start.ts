import { unsubscribeKey } from "@hyn/core";
import { createDb, runMigrations, writeBackupHandOff, type DbHandle, type MigrationOptions } from "@hyn/db";
import { buildApp, type App } from "./app";
import type { Env } from "./env";
import { logFormatFor, prettyLogStream } from "./logging";
import { PGLITE_BACKUP_ROUTE } from "./routes/pglite-backup";

type LockWait = Parameters<NonNullable<MigrationOptions["onLockWait"]>>[0];

/** One line per migration applied at this start (an upgrade's log says what changed in the database). */
function logMigrations(log: App["server"]["log"], applied: string[], lockWaits: LockWait[]): void {
  for (const migration of applied) {
    const waits = lockWaits.filter((wait) => wait.migration === migration).length;
    log.info(
      { migration, ...(waits ? { gaveWayToLiveTraffic: waits } : {}) },
      `applied migration ${migration}${waits ? ` (gave way to live transactions ${waits} times)` : ""}`,
    );
  }
}

export interface Started {
  app: App;
  db: DbHandle;
}

/**
 * Opens the database, migrates, builds the app, listens, and ends cleanly on SIGTERM/SIGINT: it drains
 * (`drain.ts`: not ready, no new connections, live streams end so pages reconnect to another instance,
 * peers close their connections, for at most DRAIN_SECONDS), then Fastify finishes requests in flight,
 * runs onClose (workers stop), and the database closes.
 */
export async function startServer(
  env: Env,
  options: {
    beforeListen?: (db: DbHandle) => Promise<void>;
    demoAccounts?: App["services"]["deps"]["config"]["demoAccounts"];
  } = {},
): Promise<Started> {
  const db = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // The app's logger exists once the app is built: what migrating did is said then, in order.
  const lockWaits: LockWait[] = [];
  const appliedMigrations = await runMigrations(db, env.DATABASE_URL, { onLockWait: (wait) => lockWaits.push(wait) });
  await options.beforeListen?.(db);
  const logStream = logFormatFor(env, process.stdout.isTTY) === "pretty" ? prettyLogStream() : undefined;
  const app = await buildApp({
    env,
    db,
    ...(logStream ? { logStream } : {}),
    ...(options.demoAccounts ? { demoAccounts: options.demoAccounts } : {}),
  });
  logMigrations(app.server.log, appliedMigrations, lockWaits);
  // The app's own secrets exist from the first start on, generated once and shared through the database:
  // Web Push's VAPID pair (ADR 0017) and the key that signs unsubscribe links (ADR 0015). After migrating,
  // so buildApp alone still answers /readyz on a database that is not migrated yet.
  await app.services.push.vapidPublicKey();
  await unsubscribeKey(db.db);

  let forgetHandOff = () => undefined as void;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.server.log.info({ signal }, "shutting down: draining, then finishing requests in flight");
    await Promise.all([app.drain.drain(env.DRAIN_SECONDS * 1000), app.services.live.close()]);
    // close() ends idle keep-alive connections only once, when called: a connection whose request was
    // in flight then stays open after its response, and would hold close() until its keep-alive timeout
    // (72 s). Each one is ended as soon as it falls idle.
    const endIdleConnections = setInterval(() => app.server.server.closeIdleConnections(), 50);
    await app.server.close().finally(() => clearInterval(endIdleConnections));
    forgetHandOff();
    await db.close();
    // Said on the way out, so an operator's terminal shows a clean stop rather than silence.
    app.server.log.info({ signal }, "Help Your Neighbor stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.server.listen({ port: env.PORT, host: env.HOST });
  if (app.backupKey && db.kind === "pglite")
    forgetHandOff = writeBackupHandOff(env.DATA_DIR, { url: backupUrlOf(app), key: app.backupKey });
  // Once listening, so the address it names answers (the README's start command ends with this line).
  app.server.log.info(
    `Help Your Neighbor is ready at ${env.APP_URL} (database: ${db.kind === "postgres" ? "PostgreSQL" : `PGlite in ${env.DATA_DIR}`})`,
  );
  return { app, db };
}

/** Where `backup` reaches this server: its own port on loopback when it listens on every address. */
function backupUrlOf(app: App): string {
  const address = app.server.server.address();
  if (!address || typeof address === "string") throw new Error("the server is not listening on a port");
  const host = ["0.0.0.0", "::"].includes(address.address)
    ? "127.0.0.1"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}${PGLITE_BACKUP_ROUTE}`;
}
