import { groups, invites, users } from "@hyn/db";
import type { IncomingInvitation } from "@hyn/validators";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CoreDeps } from "../shared/deps";
import { displayNameSql } from "../shared/display-name";
import { pendingAt } from "./invitation-rows";

/** The pending incoming invitations: addressed to the caller, unused, unexpired. */
export async function pendingInvitations(deps: CoreDeps, userId: string): Promise<IncomingInvitation[]> {
  const now = deps.clock.now();
  const me = alias(users, "me");
  const inviter = alias(users, "inviter");
  return deps.db
    .select({
      id: invites.id,
      groupId: invites.groupId,
      groupName: groups.name,
      groupRules: groups.rules,
      inviterName: displayNameSql(inviter),
      email: invites.email,
      expiresAt: invites.expiresAt,
      createdAt: invites.createdAt,
    })
    .from(invites)
    .innerJoin(me, and(eq(me.id, userId), sql`lower(${me.email}) = ${invites.email}`))
    .innerJoin(groups, eq(groups.id, invites.groupId))
    .innerJoin(inviter, eq(inviter.id, invites.invitedBy))
    .where(pendingAt(now))
    .orderBy(desc(invites.createdAt));
}
