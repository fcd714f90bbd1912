import type { AuthResult, signInInput } from "@hyn/validators";
import type { z } from "zod";
import type { RateLimitService } from "../rate-limits/service";
import { isAppError } from "../shared/errors";
import type { PasswordChange } from "./password-change";
import type { AccountsService } from "./service";

type SignIn = z.output<typeof signInInput>;

/** The refusals that mean "this is not the password": a sign-in's, and a password change's wrong current one. */
function isWrongPassword(error: unknown): boolean {
  return isAppError(error) && (error.code === "UNAUTHENTICATED" || error.keyed.key === "currentPasswordIncorrect");
}

/**
 * Sign-in under the failure limits of ADR 0012. Only attempts that do not prove the password count:
 * per (address, IP) and per IP they refuse; per address alone they never lock the owner out, they only
 * stop hearing places the address has not signed in from lately. Every attempt is counted before the
 * password is checked (so parallel guesses cannot overtake the counters) and given back once it proves it.
 * A password change that gives the current password is counted the same way (PRODUCT "Changing the password").
 */
export function createSignInThrottle(
  accounts: Pick<AccountsService, "signIn" | "updatePassword">,
  rateLimits: RateLimitService,
) {
  async function proving<T>(email: string, ip: string, attempt: () => Promise<T>): Promise<T> {
    const place = `${email}\n${ip}`;
    await rateLimits.consume("signInFailuresPerIp", ip);
    await rateLimits.consume("signInFailuresPerAddressAndIp", place);
    await rateLimits.assertNotFull("signInFailuresPerAddress", email).catch(async (error: unknown) => {
      const refused = isAppError(error) && error.code === "RATE_LIMITED";
      if (!refused || !(await rateLimits.recentlyRecorded("signInPlaces", place))) throw error;
    });

    const passwordProven = async () => {
      await rateLimits.refund("signInFailuresPerIp", ip);
      await rateLimits.refund("signInFailuresPerAddressAndIp", place);
    };
    try {
      const result = await attempt();
      await passwordProven();
      await rateLimits.record("signInPlaces", place);
      return result;
    } catch (error) {
      if (isWrongPassword(error)) await rateLimits.record("signInFailuresPerAddress", email);
      // Any other refusal (an unconfirmed address, a too common new password) came after the password was proven.
      else if (isAppError(error)) await passwordProven();
      throw error;
    }
  }

  return {
    signIn(input: SignIn, ip: string): Promise<AuthResult> {
      return proving(input.email, ip, () => accounts.signIn(input));
    },

    /** Counted only when the current password is given: without it nothing is guessed. */
    updatePassword(
      user: { id: string; email: string },
      sessionId: string,
      change: PasswordChange,
      ip: string,
    ): Promise<void> {
      const attempt = () => accounts.updatePassword(user.id, sessionId, change);
      return change.currentPassword === undefined ? attempt() : proving(user.email.toLowerCase(), ip, attempt);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
