import { offlineMembers, users, type Executor } from "@hyn/db";
import type { ClaimContact, RequestView } from "@hyn/validators";
import { eq } from "drizzle-orm";

type ClaimFacts = Pick<RequestView, "status" | "claimedBy" | "userId" | "onBehalfOf">;

/**
 * Contact between the two people of a claim (issue 30, PRODUCT "Contact while helping"): while a request is
 * claimed, its requester sees the helper's phone and area and the helper the requester's, so they can arrange
 * the hand-over. Nobody else, and not while it is open or once it is fulfilled. Returns whose contact the
 * viewer sees, or null. For a request posted for a neighbour without the app (issue 42 §1) the helper sees
 * that neighbour's phone, area and how to reach them too (`claimContactFor`), under the same rule.
 */
export function claimContactOf(view: ClaimFacts, viewerId: string): string | null {
  if (view.status !== "claimed" || !view.claimedBy) return null;
  if (viewerId === view.userId) return view.claimedBy;
  if (viewerId === view.claimedBy) return view.userId;
  return null;
}

/** The other person's contact for this viewer, or null; read only when the viewer may see it (one statement then). */
export async function claimContactFor(
  executor: Executor,
  view: ClaimFacts,
  viewerId: string,
): Promise<ClaimContact | null> {
  const otherId = claimContactOf(view, viewerId);
  if (!otherId) return null;
  const [row] = await executor
    .select({ userId: users.id, phone: users.phone, generalArea: users.generalArea })
    .from(users)
    .where(eq(users.id, otherId));
  if (!row) return null;
  const neighbourId = viewerId === view.claimedBy ? view.onBehalfOf?.id : undefined;
  if (!neighbourId) return { ...row, neighbour: null };
  const [neighbour] = await executor
    .select({
      name: offlineMembers.name,
      phone: offlineMembers.phone,
      generalArea: offlineMembers.generalArea,
      howToReach: offlineMembers.howToReach,
    })
    .from(offlineMembers)
    .where(eq(offlineMembers.id, neighbourId));
  return { ...row, neighbour: neighbour ?? null };
}
