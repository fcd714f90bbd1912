import { z } from "zod";
import { publicProcedure, router } from "../trpc";

const demoAccount = z.object({ name: z.string(), email: z.string(), password: z.string() });

export const systemRouter = router({
  /**
   * What the web app needs to know about this deployment: in demo mode, the sample accounts; and how a
   * suspended person reaches the admins (ADMIN_CONTACT, null: the feedback form; issue 43 §3).
   */
  info: publicProcedure
    .output(z.object({ demoAccounts: z.array(demoAccount), adminContact: z.string().nullable() }))
    .query(({ ctx }) => ({
      demoAccounts: ctx.services.deps.config.demoAccounts ?? [],
      adminContact: ctx.services.deps.config.adminContact ?? null,
    })),
});
