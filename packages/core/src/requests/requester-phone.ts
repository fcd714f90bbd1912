import { users, type Executor } from "@hyn/db";
import type { RequestView } from "@hyn/validators";
import { eq } from "drizzle-orm";

/**
 * "Ask me first" (issue 28): the helper needs a way to ask. Only the viewer who holds the request (claimed by
 * them) sees the requester's phone, and only while the requester asked to be asked; nobody else, ever.
 */
export function seesRequesterPhone(
  view: Pick<RequestView, "ifUnavailable" | "status" | "claimedBy">,
  viewerId: string,
): boolean {
  return view.ifUnavailable === "ask" && view.status === "claimed" && view.claimedBy === viewerId;
}

/** The requester's phone for this viewer, or null; read only when the viewer may see it (one statement then). */
export async function requesterPhoneFor(
  executor: Executor,
  view: Pick<RequestView, "ifUnavailable" | "status" | "claimedBy" | "userId">,
  viewerId: string,
): Promise<string | null> {
  if (!seesRequesterPhone(view, viewerId)) return null;
  const [row] = await executor.select({ phone: users.phone }).from(users).where(eq(users.id, view.userId));
  return row?.phone ?? null;
}
