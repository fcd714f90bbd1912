import {
  authResultOutput,
  checkResetTokenInput,
  completePasswordResetInput,
  emailOnlyInput,
  signInInput,
  signUpInput,
  updatePasswordInput,
  verifyEmailInput,
} from "@hyn/validators";
import { z } from "zod";
import type { Context } from "../context";
import { protectedProcedure, publicProcedure, router } from "../trpc";
import type { AuthResult } from "@hyn/validators";

const ok = z.object({ ok: z.literal(true) });

/** Hands a fresh session to the browser cookie and ends the one it replaces (no session fixation). */
async function startSession(ctx: Context, result: AuthResult): Promise<AuthResult> {
  if (result.session) {
    if (ctx.session) await ctx.services.accounts.signOut(ctx.session.id);
    ctx.sessionCookie.set(result.session.token, result.session.expiresAt);
  }
  return result;
}

export const authRouter = router({
  signUp: publicProcedure
    .meta({
      rest: { method: "POST", path: "/auth/signup", successStatus: 201, body: true },
      secretInputs: ["password", "inviteToken"],
    })
    .input(signUpInput)
    .output(authResultOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("signUpPerIp", ctx.ip);
      return startSession(ctx, await ctx.services.accounts.signUp(input, ctx.locale));
    }),

  signIn: publicProcedure
    .meta({ rest: { method: "POST", path: "/auth/signin", body: true }, secretInputs: ["password"] })
    .input(signInInput)
    .output(authResultOutput)
    .mutation(async ({ ctx, input }) => {
      return startSession(ctx, await ctx.services.signInThrottle.signIn(input, ctx.ip));
    }),

  signOut: publicProcedure
    .meta({ rest: { method: "POST", path: "/auth/signout" } })
    .output(ok)
    .mutation(async ({ ctx }) => {
      if (ctx.session) await ctx.services.accounts.signOut(ctx.session.id);
      ctx.sessionCookie.clear();
      return { ok: true as const };
    }),

  resendConfirmation: publicProcedure
    .meta({ rest: { method: "POST", path: "/auth/resend-confirmation", body: true } })
    .input(emailOnlyInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("emailPerIp", ctx.ip);
      await ctx.services.rateLimits.consume("emailPerAddress", `confirm:${input.email}`);
      await ctx.services.accounts.resendConfirmation(input.email);
      return { ok: true as const };
    }),

  verifyEmail: publicProcedure
    .meta({ rest: { method: "POST", path: "/auth/verify-email", body: true }, secretInputs: ["token_hash"] })
    .input(verifyEmailInput)
    .output(authResultOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("tokenChecksPerIp", ctx.ip);
      return startSession(ctx, await ctx.services.accounts.verifyEmail(input.token_hash));
    }),

  requestPasswordReset: publicProcedure
    .meta({ rest: { method: "POST", path: "/auth/reset-password", body: true } })
    .input(emailOnlyInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("emailPerIp", ctx.ip);
      await ctx.services.rateLimits.consume("emailPerAddress", `reset:${input.email}`);
      await ctx.services.accounts.requestPasswordReset(input.email);
      return { ok: true as const };
    }),

  checkResetToken: publicProcedure
    .meta({ secretInputs: ["token"] })
    .input(checkResetTokenInput)
    // `used`: the link worked once already, which its page says in so many words (issue 30).
    .output(z.object({ valid: z.boolean(), used: z.boolean() }))
    .query(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("tokenChecksPerIp", ctx.ip);
      const state = await ctx.services.accounts.resetTokenState(input.token);
      return { valid: state === "valid", used: state === "used" };
    }),

  completePasswordReset: publicProcedure
    .meta({ rest: { method: "POST", path: "/auth/complete-reset", body: true }, secretInputs: ["token", "password"] })
    .input(completePasswordResetInput)
    .output(authResultOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimits.consume("tokenChecksPerIp", ctx.ip);
      return startSession(ctx, await ctx.services.accounts.completePasswordReset(input));
    }),

  updatePassword: protectedProcedure
    .meta({
      rest: { method: "POST", path: "/auth/update-password", body: true },
      secretInputs: ["password", "currentPassword"],
    })
    .input(updatePasswordInput)
    .output(ok)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.signInThrottle.updatePassword(ctx.session.user, ctx.session.id, input, ctx.ip);
      return { ok: true as const };
    }),

  /** Whether the profile's Change password form asks for the current password (not right after a reset link). */
  passwordChange: protectedProcedure
    .meta({ rest: { method: "GET", path: "/auth/password-change" } })
    .output(z.object({ currentPasswordRequired: z.boolean() }))
    .query(async ({ ctx }) => ({
      currentPasswordRequired: await ctx.services.accounts.currentPasswordRequired(ctx.session.id),
    })),
});
