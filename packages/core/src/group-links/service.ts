import type { InvitationsService } from "../invitations/service";
import type { CoreDeps } from "../shared/deps";
import { approveJoinRequest } from "./approve";
import { createGroupLink, type CreateGroupLink } from "./create";
import { declineJoinRequest } from "./decline";
import { incomingJoinRequests } from "./incoming-join-requests";
import { joinByLink } from "./join";
import { joinPage } from "./join-page";
import { joinPreview } from "./join-preview";
import { groupJoinRequestsOf } from "./join-requests";
import { listGroupLinks } from "./list";
import { revokeGroupLink, revokeLinksJoiningAtOnce } from "./revoke";
import { waitingJoinRequests } from "./waiting";
import { withdrawJoinRequest } from "./withdraw";

/**
 * The group link (issue 27, ADR 0021): a shareable link into a group, with a QR code on the Groups page.
 * It lives 1, 7 or 30 days unless revoked, and either joins at once or asks the owner (a join request).
 * Joining shares the e-mail invitation's path (`POST /invites/{token}/join`, the join page): a token that
 * names no link is handed to the invitations service. One operation per file, each `(deps, caller, input)`;
 * what several share: `link-reads.ts`, `owner-checks.ts`, `join-request-reads.ts`, `notices.ts`.
 */
export function createGroupLinksService(deps: CoreDeps, invitations: InvitationsService) {
  const linkDeps = { ...deps, invitations };
  return {
    create: (ownerId: string, input: CreateGroupLink) => createGroupLink(deps, ownerId, input),
    list: (ownerId: string, groupId: string) => listGroupLinks(deps, ownerId, groupId),
    revoke: (ownerId: string, groupId: string, linkId: string) => revokeGroupLink(deps, ownerId, { groupId, linkId }),
    revokeJoiningAtOnce: (ownerId: string, groupId: string) => revokeLinksJoiningAtOnce(deps, ownerId, groupId),
    joinPage: (token: string, viewerId: string | null) => joinPage(linkDeps, viewerId, token),
    /** Signed out (issue 43): the kind, the state and, while usable, the group and who invited; nothing else. */
    preview: (token: string) => joinPreview(deps, token),
    join: (userId: string, token: string, acceptRules = false) => joinByLink(linkDeps, userId, { token, acceptRules }),
    joinRequests: (ownerId: string, groupId: string) => groupJoinRequestsOf(deps, ownerId, groupId),
    incomingJoinRequests: (ownerId: string) => incomingJoinRequests(deps, ownerId),
    waiting: (userId: string) => waitingJoinRequests(deps, userId),
    withdraw: (userId: string, groupId: string) => withdrawJoinRequest(deps, userId, groupId),
    approve: (ownerId: string, groupId: string, joinRequestId: string) =>
      approveJoinRequest(deps, ownerId, { groupId, joinRequestId }),
    decline: (ownerId: string, groupId: string, joinRequestId: string) =>
      declineJoinRequest(deps, ownerId, { groupId, joinRequestId }),
  };
}

export type GroupLinksService = ReturnType<typeof createGroupLinksService>;
