import type { CreatedInvite, createInviteInput, createInvitesInput, resendInvitationInput } from "@hyn/validators";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { acceptInvitation } from "./accept";
import { cancelInvitation } from "./cancel";
import { countInvitations } from "./count";
import { createInvitation } from "./create";
import { createInvitations } from "./create-many";
import { declineInvitation } from "./decline";
import { joinByInviteToken } from "./join-by-token";
import { outgoingInvitations } from "./outgoing";
import { pendingInvitations } from "./pending";
import { resendInvitation } from "./resend";
import { validateInviteToken } from "./validate";

export { INVITE_VALIDITY_MS } from "./create";

/**
 * Invitations by e-mail: create, re-send, validate a link, join by it, accept, decline, cancel; one
 * operation per file, each `(deps, caller, input)`. What several share: `invitation-rows.ts` (the pending
 * condition, the locked invitation, marking it used), `invitation-notices.ts` (the e-mail and the push).
 */
export function createInvitationsService(deps: CoreDeps) {
  return {
    create: (inviterId: string, input: z.output<typeof createInviteInput>): Promise<CreatedInvite> =>
      createInvitation(deps, inviterId, input),
    createMany: (
      inviterId: string,
      input: z.output<typeof createInvitesInput>,
      beforeEach: () => Promise<void> = async () => {},
    ) => createInvitations(deps, inviterId, { ...input, beforeEach }),
    resend: (inviterId: string, input: z.output<typeof resendInvitationInput>) =>
      resendInvitation(deps, inviterId, input),
    validate: (token: string, viewerId: string | null) => validateInviteToken(deps, viewerId, token),
    joinByToken: (userId: string, token: string, acceptRules = false) =>
      joinByInviteToken(deps, userId, { token, acceptRules }),
    pending: (userId: string) => pendingInvitations(deps, userId),
    outgoing: (userId: string) => outgoingInvitations(deps, userId),
    count: (userId: string) => countInvitations(deps, userId),
    cancel: (userId: string, invitationId: string) => cancelInvitation(deps, userId, invitationId),
    accept: (userId: string, invitationId: string, acceptRules = false) =>
      acceptInvitation(deps, userId, { invitationId, acceptRules }),
    decline: (userId: string, invitationId: string) => declineInvitation(deps, userId, invitationId),
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
