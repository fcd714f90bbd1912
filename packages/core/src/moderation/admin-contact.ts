import type { AdminContact } from "../mail/templates";
import type { CoreConfig } from "../shared/config";

/**
 * How a suspended person reaches the admins (issue 43 §3): ADMIN_CONTACT (an address or a page), else the
 * feedback form, which works signed out. The suspension e-mail and the page a suspended sign-in shows both say it.
 */
export function adminContactOf(config: Pick<CoreConfig, "adminContact" | "appUrl">): AdminContact {
  return { adminContact: config.adminContact ?? null, feedbackUrl: `${config.appUrl}/feedback` };
}
