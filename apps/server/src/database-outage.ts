import type { Logger } from "@hyn/core";
import { isConnectionLost, type Database } from "@hyn/db";
import { sql } from "drizzle-orm";

/** How often, while the database is unreachable, one statement asks whether it answers again. */
const PROBE_INTERVAL_MS = 2000;

/**
 * The job engine's driver (pg, under pg-boss) says a connection went away in words only, with no code:
 * "Connection terminated unexpectedly", "Connection terminated due to connection timeout".
 */
const PG_CONNECTION_ENDED = /^Connection terminated\b/;

/** Whether an error says the database went away, in either driver's terms. */
function lostConnection(error: unknown): boolean {
  return isConnectionLost(error) || (error instanceof Error && PG_CONNECTION_ENDED.test(error.message));
}

export interface OutageWatch {
  /** Background work's logger: a lost-connection error is the outage's first line, or else not logged at all. */
  logger: Logger;
  stop(): void;
}

/**
 * Logs a database outage as two lines, one when background work first loses the database and one when
 * it answers again, with how long it was gone and how many errors were not logged in between. Every
 * worker (the job engine's polls, the outbox's passes, pushes and timed jobs) reports through `logger`,
 * so an outage of a minute is not hundreds of lines. Errors of any other kind are logged as they come.
 */
export function watchDatabaseOutages(db: Database, logger: Logger, probeIntervalMs = PROBE_INTERVAL_MS): OutageWatch {
  let outage: { since: number; unlogged: number; probe: NodeJS.Timeout } | null = null;
  let probing = false;

  const probe = async () => {
    if (probing || !outage) return;
    probing = true;
    try {
      await db.execute(sql`select 1`);
      const { since, unlogged } = outage;
      clearInterval(outage.probe);
      outage = null;
      logger.info(
        { downSeconds: Math.round((Date.now() - since) / 1000), unloggedErrors: unlogged },
        "database reachable again; background work goes on",
      );
    } catch {
      // Still down: the next probe asks again.
    } finally {
      probing = false;
    }
  };

  /** True when the error belongs to an outage (the first one is logged here), false to log it as usual. */
  const belongsToOutage = (fields: object, message: string | undefined): boolean => {
    const error = (fields as { err?: unknown }).err;
    if (!lostConnection(error)) return false;
    if (outage) {
      outage.unlogged++;
      return true;
    }
    const timer = setInterval(() => void probe(), probeIntervalMs);
    timer.unref();
    outage = { since: Date.now(), unlogged: 0, probe: timer };
    logger.error(
      { ...fields, firstSeenBy: message },
      "database unreachable: background work is paused until it answers again (one line now, one when it is back)",
    );
    return true;
  };

  return {
    logger: {
      info: (fields, message) => logger.info(fields, message),
      warn: (fields, message) => void (belongsToOutage(fields, message) || logger.warn(fields, message)),
      error: (fields, message) => void (belongsToOutage(fields, message) || logger.error(fields, message)),
    },
    stop() {
      if (outage) clearInterval(outage.probe);
      outage = null;
    },
  };
}
