import { DAY_MS, type Clock, type Services } from "@hyn/core";
import { groupMembers, users, type Database } from "@hyn/db";
import type { FastifyInstance } from "fastify";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";

const body = z.object({ email: z.email(), quietDays: z.number().int().min(0).max(3650) });

/**
 * POST /dev/quiet-members (NODE_ENV=test with the dev mailbox only, never in production): sets the last
 * visit of the account with `email` back `quietDays` days (and any join of theirs after it) and runs the day's quiet-members e-mails now,
 * so e2e/quiet-members.spec.ts need not wait a month. Its e-mails land in the dev mailbox like any other.
 */
export function registerDevQuietMembers(
  server: FastifyInstance,
  deps: { db: Database; clock: Clock; services: Services; onSent: () => void },
) {
  server.post("/dev/quiet-members", async (request, reply) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: "email and quietDays (whole days) are required" });
    const lastActiveAt = new Date(deps.clock.now().getTime() - parsed.data.quietDays * DAY_MS);
    const changed = await deps.db
      .update(users)
      .set({ lastActiveAt })
      .where(sql`lower(${users.email}) = ${parsed.data.email.toLowerCase()}`)
      .returning({ id: users.id });
    if (changed.length === 0) return reply.code(404).send({ error: "no account has that address" });
    // Quiet counts from the later of the last visit and the join (quiet-members.ts): no join after that visit.
    await deps.db
      .update(groupMembers)
      .set({ joinedAt: sql`least(${groupMembers.joinedAt}, ${lastActiveAt.toISOString()}::timestamptz)` })
      .where(eq(groupMembers.userId, changed[0]!.id));
    const result = await deps.services.notifications.runWhileAwayNotices();
    if (result.sent > 0) deps.onSent();
    return result;
  });
}
