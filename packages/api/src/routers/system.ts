import { z } from "zod";
import { publicProcedure, router } from "../trpc";

const demoAccount = z.object({ name: z.string(), email: z.string(), password: z.string() });

export const systemRouter = router({
  /** What the web app needs to know about this deployment: in demo mode, the sample accounts. */
  info: publicProcedure
    .output(z.object({ demoAccounts: z.array(demoAccount) }))
    .query(({ ctx }) => ({ demoAccounts: ctx.services.deps.config.demoAccounts ?? [] })),
});
