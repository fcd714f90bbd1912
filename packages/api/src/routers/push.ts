import { pushDeviceIdInput, pushDeviceView, pushSubscriptionInput } from "@hyn/validators";
import { z } from "zod";
import { protectedProcedure, publicProcedure, router } from "../trpc";

/** Web Push devices (issue 16): the key browsers subscribe with, and the caller's subscribed devices. */
export const pushRouter = router({
  /** The VAPID public key (base64url) a browser passes to `pushManager.subscribe` as `applicationServerKey`. */
  vapidPublicKey: publicProcedure
    .meta({ rest: { method: "GET", path: "/push/vapid-public-key" } })
    .output(z.object({ publicKey: z.string() }))
    .query(async ({ ctx }) => ({ publicKey: await ctx.services.push.vapidPublicKey() })),

  devices: protectedProcedure
    .meta({ rest: { method: "GET", path: "/push/subscriptions" } })
    .output(z.array(pushDeviceView))
    .query(({ ctx }) => ctx.services.push.list(ctx.session.user.id)),

  subscribe: protectedProcedure
    .meta({ rest: { method: "POST", path: "/push/subscriptions", successStatus: 201, body: true } })
    .input(pushSubscriptionInput)
    .output(pushDeviceView)
    .mutation(({ ctx, input }) => ctx.services.push.subscribe(ctx.session.user.id, input)),

  unsubscribe: protectedProcedure
    .meta({ rest: { method: "DELETE", path: "/push/subscriptions/:id" } })
    .input(pushDeviceIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.push.remove(ctx.session.user.id, input.id);
      return { ok: true as const };
    }),
});
