import type { Logger, WhileAwayRunOptions, WhileAwayRunResult } from "@hyn/core";
import type { JobContext, JobEngine } from "./engine";

/**
 * The e-mail to members quiet for a month (issue 41 §5, PRODUCT "Quiet members"): daily at 10:30 in
 * APP_TIMEZONE, an hour to read a letter. No catch-up at start: a member missed today stays due and is
 * told tomorrow, and a restart at night would send at night.
 */
export const WHILE_AWAY_JOB = { queue: "while-away", cron: "30 10 * * *" } as const;

export interface WhileAwayJobDeps {
  logger: Logger;
  timeZone: string;
  run: (options: WhileAwayRunOptions) => Promise<WhileAwayRunResult>;
  /** After e-mails were queued: deliver them now rather than at the outbox's next poll. */
  onSent?: () => void;
}

/** One run: each member is claimed in the database (notifications/while-away.ts), so two runs send nothing twice. */
export function whileAwayJob(deps: WhileAwayJobDeps) {
  return async (_data: object, job: JobContext): Promise<void> => {
    const result = await deps.run({ signal: job.signal });
    if (result.considered > 0) deps.logger.info(result, "quiet members' month e-mails");
    if (result.sent > 0) deps.onSent?.();
  };
}

export async function scheduleWhileAway(engine: JobEngine, deps: WhileAwayJobDeps): Promise<void> {
  await engine.every(WHILE_AWAY_JOB.queue, WHILE_AWAY_JOB.cron, whileAwayJob(deps), { timeZone: deps.timeZone });
}
