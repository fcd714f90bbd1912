import type { InvitationsService } from "../invitations/service";
import type { CoreDeps } from "../shared/deps";

/** A token that names no group link is an e-mail invitation's: the operations that take one hand it on. */
export interface GroupLinksDeps extends CoreDeps {
  invitations: InvitationsService;
}
