import { isEmail, type createInvitesInput, type InviteResult } from "@hyn/validators";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { isAppError } from "../shared/errors";
import { createInvitation } from "./create";

type CreateInvites = z.output<typeof createInvitesInput>;

/**
 * Several addresses at once (the web's invite form): each is checked and created on its own, in its
 * own transaction, exactly as `create` would (so the 10-pending limit counts each), and answered on its
 * own: sent, or the refusal a single invitation would have got. `beforeEach` is the caller's per-address
 * gate (the hourly invitation rate limit); its refusal is that address's answer too.
 */
export async function createInvitations(
  deps: CoreDeps,
  inviterId: string,
  input: CreateInvites & { beforeEach: () => Promise<void> },
): Promise<{ results: InviteResult[] }> {
  const results: InviteResult[] = [];
  const seen = new Set<string>();
  for (const raw of input.emails) {
    const email = raw.trim().toLowerCase();
    if (email === "" || seen.has(email)) continue;
    seen.add(email);
    if (!isEmail(email)) {
      results.push({ email, sent: false, refusal: { key: "invalidEmailFormat" }, id: null });
      continue;
    }
    try {
      await input.beforeEach();
      const { id } = await createInvitation(deps, inviterId, { groupId: input.groupId, email });
      results.push({ email, sent: true, refusal: null, id });
    } catch (error) {
      if (!isAppError(error)) throw error;
      // Not the owner, or no such group: the same for every address, so it is the call's answer.
      if (error.code === "FORBIDDEN" || error.code === "NOT_FOUND") throw error;
      results.push({ email, sent: false, refusal: { ...error.keyed }, id: null });
    }
  }
  return { results };
}
