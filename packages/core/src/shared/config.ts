import type { PushConfig } from "./push-config";

/** What the core needs to know about the deployment; built from the validated env by the server. */
export interface CoreConfig {
  appUrl: string;
  requireEmailConfirmation: boolean;
  /** Lower-cased addresses that are admins (ADMIN_EMAILS). */
  adminEmails: ReadonlySet<string>;
  feedbackTo: string | null;
  /** ADMIN_CONTACT: how a suspended person reaches the admins (an address or a page); absent: the feedback form. */
  adminContact?: string | null;
  /** 1 in production. Only an explicit setting (RATE_LIMIT_MULTIPLIER) relaxes limits, e.g. for e2e runs. */
  rateLimitMultiplier: number;
  /** APP_TIMEZONE: how times read in e-mails. Absent means UTC. */
  timeZone?: string;
  /** Demo mode only (`pnpm demo`): sample accounts shown on the login page. Empty otherwise. */
  demoAccounts?: { name: string; email: string; password: string }[];
  /** Web Push: allowed push services, VAPID (issue 16). Absent: production's rules, generated keys. */
  push?: PushConfig;
}

export const PRODUCT_NAME = "Help Your Neighbor";
