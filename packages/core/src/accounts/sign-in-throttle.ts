import type { AuthResult, signInInput } from "@hyn/validators";
import type { z } from "zod";
import type { RateLimitService } from "../rate-limits/service";
import { isAppError } from "../shared/errors";
import type { SignInService } from "./sign-in";

type SignIn = z.output<typeof signInInput>;

/**
 * Sign-in under the failure limits of ADR 0012. Only attempts that do not prove the password count:
 * per (address, IP) and per IP they refuse; per address alone they never lock the owner out, they only
 * stop hearing places the address has not signed in from lately. Every attempt is counted before the
 * password is checked (so parallel guesses cannot overtake the counters) and given back once it proves it.
 */
export function createSignInThrottle(accounts: SignInService, rateLimits: RateLimitService) {
  return {
    async signIn(input: SignIn, ip: string): Promise<AuthResult> {
      const place = `${input.email}\n${ip}`;
      await rateLimits.consume("signInFailuresPerIp", ip);
      await rateLimits.consume("signInFailuresPerAddressAndIp", place);
      await rateLimits.assertNotFull("signInFailuresPerAddress", input.email).catch(async (error: unknown) => {
        const refused = isAppError(error) && error.code === "RATE_LIMITED";
        if (!refused || !(await rateLimits.recentlyRecorded("signInPlaces", place))) throw error;
      });

      const passwordProven = async () => {
        await rateLimits.refund("signInFailuresPerIp", ip);
        await rateLimits.refund("signInFailuresPerAddressAndIp", place);
      };
      try {
        const result = await accounts.signIn(input);
        await passwordProven();
        await rateLimits.record("signInPlaces", place);
        return result;
      } catch (error) {
        if (isAppError(error) && error.code === "UNAUTHENTICATED")
          await rateLimits.record("signInFailuresPerAddress", input.email);
        // Any other refusal (an unconfirmed address) came after the password was proven.
        else if (isAppError(error)) await passwordProven();
        throw error;
      }
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
