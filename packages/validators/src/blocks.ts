import { z } from "zod";
import { isoDateTime } from "./wire-time";

/** A person the caller has blocked (PRODUCT "Blocking"): shown on the profile's "Blocked" list to unblock. */
export const blockedUserOutput = z.object({
  id: z.string(),
  /** Their name; their address only while a group is still shared; else "" ("A neighbour"). */
  name: z.string(),
  blockedAt: isoDateTime,
});
export type BlockedUser = z.input<typeof blockedUserOutput>;
