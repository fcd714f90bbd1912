import type { Database } from "@hyn/db";
import type { RateLimitStore } from "./rate-limit-store";
import type { Clock } from "./clock";
import type { JobQueue } from "./jobs";
import type { CoreConfig } from "./config";
import type { Logger } from "./logger";

/** Everything a service needs from the outside world, injected so tests can replace any of it. */
export interface CoreDeps {
  db: Database;
  clock: Clock;
  config: CoreConfig;
  logger: Logger;
  /** Where rate-limit counters live; PostgreSQL (the `rate_limits` table) when absent. */
  rateLimitStore?: RateLimitStore;
  /** The job engine, for work done after the request (pushes). Absent: nothing is queued (tests without workers, the CLI). */
  jobs?: JobQueue;
}
