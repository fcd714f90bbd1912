import { isAppError } from "@hyn/core";
import { unsubscribeDescriptionOutput, unsubscribeTokenInput, type UnsubscribeDescription } from "@hyn/validators";
import type { Context } from "../context";
import { publicProcedure, router } from "../trpc";

/**
 * A link's token is checked like the other tokens people could guess (ADR 0012): failures count per IP
 * and a full window refuses. Valid links never count, so a mail provider's one-click POSTs from a few
 * shared addresses are not throttled by their own success.
 */
async function withTokenGuard(
  ctx: Context,
  use: () => Promise<UnsubscribeDescription>,
): Promise<UnsubscribeDescription> {
  await ctx.services.rateLimits.assertNotFull("tokenChecksPerIp", ctx.ip);
  try {
    return await use();
  } catch (error) {
    if (isAppError(error) && error.code === "BAD_REQUEST")
      await ctx.services.rateLimits.record("tokenChecksPerIp", ctx.ip);
    throw error;
  }
}

/** Issue 15 (RFC 8058): public, the signed token is the authority. Also the one-click POST's procedure. */
export const unsubscribeRouter = router({
  /** What the link would stop; reading it changes nothing (mail scanners prefetch links). */
  describe: publicProcedure
    .meta({ rest: { method: "GET", path: "/unsubscribe/:token" }, secretInputs: ["token"] })
    .input(unsubscribeTokenInput)
    .output(unsubscribeDescriptionOutput)
    .query(({ ctx, input }) => withTokenGuard(ctx, () => ctx.services.unsubscribe.describe(input.token))),

  /** Turns off exactly what the link is about. Twice is harmless. */
  confirm: publicProcedure
    .meta({ rest: { method: "POST", path: "/unsubscribe/:token" }, secretInputs: ["token"] })
    .input(unsubscribeTokenInput)
    .output(unsubscribeDescriptionOutput)
    .mutation(({ ctx, input }) => withTokenGuard(ctx, () => ctx.services.unsubscribe.unsubscribe(input.token))),

  /** Every notification e-mail off (account e-mails still come). */
  stopAll: publicProcedure
    .meta({ rest: { method: "POST", path: "/unsubscribe/:token/all" }, secretInputs: ["token"] })
    .input(unsubscribeTokenInput)
    .output(unsubscribeDescriptionOutput)
    .mutation(({ ctx, input }) => withTokenGuard(ctx, () => ctx.services.unsubscribe.stopAll(input.token))),
});
