import type { CoreDeps } from "../shared/deps";
import { createAdminGrantService } from "./admin";
import { createPasswordChangeService } from "./password-change";
import { createPasswordResetService } from "./password-reset";
import { createProfileService } from "./profile";
import { createSignInService } from "./sign-in";
import { createSignUpService } from "./sign-up";
import { createVisibilityService } from "./visibility";

/**
 * The accounts API the procedures call, one concept per file: sign-up and verification, sign-in,
 * password reset and change, the profile, who can see whom, the admin flag. Sessions, tokens and
 * data rights have their own files; e-mail preferences belong to `preferences/`.
 */
export function createAccountsService(deps: CoreDeps) {
  return {
    ...createSignUpService(deps),
    ...createSignInService(deps),
    ...createPasswordResetService(deps),
    ...createPasswordChangeService(deps),
    ...createProfileService(deps),
    ...createVisibilityService(deps),
    ...createAdminGrantService(deps),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
