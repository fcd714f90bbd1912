import { domainErrorOf, validateSessionToken, type Services, type UserRow } from "@hyn/core";
import { isConnectionLost } from "@hyn/db";
import { DEFAULT_LOCALE, type Locale } from "@hyn/validators";
import { toTRPCError } from "./errors";

/** How a procedure sets or clears the browser's session cookie; a no-op where there is no browser. */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export const noopSessionCookie: SessionCookie = { set: () => {}, clear: () => {} };

export interface AuthSession {
  id: string;
  user: UserRow;
}

export interface ContextInner {
  services: Services;
  session: AuthSession | null;
  sessionCookie: SessionCookie;
  /** The client's address, for rate limits and logs. */
  ip: string;
  /**
   * The language the client asked for (Accept-Language; the web app sends the one it shows): error
   * texts are written in it, and a sign-up keeps it as the account's. English when none is asked for.
   */
  locale: Locale;
  /**
   * Whether answers are checked against their output schemas (output-checks.ts, ADR 0027): always,
   * but where the server runs in production.
   */
  checkAnswers: boolean;
}

/** Builds a context without HTTP: what tests use with createCaller, and what the adapters wrap. */
export function createContextInner(opts: {
  services: Services;
  session?: AuthSession | null;
  sessionCookie?: SessionCookie;
  ip?: string;
  locale?: Locale;
  checkAnswers?: boolean;
}): ContextInner {
  return {
    services: opts.services,
    session: opts.session ?? null,
    sessionCookie: opts.sessionCookie ?? noopSessionCookie,
    ip: opts.ip ?? "127.0.0.1",
    locale: opts.locale ?? DEFAULT_LOCALE,
    checkAnswers: opts.checkAnswers ?? true,
  };
}

/**
 * Resolves a session token (cookie or bearer) to a session; null when absent, unknown or expired.
 * Every call, read or write, starts here, so a lost database connection is tried once more: the
 * lookup's writes (expiry slide, activity time, an expired row deleted) are conditional on what it
 * reads, so a second run repeats none of them. Lost twice, it answers 503 with Retry-After.
 */
export async function resolveSession(
  services: Services,
  token: string | null | undefined,
): Promise<AuthSession | null> {
  if (!token) return null;
  const lookUp = () => validateSessionToken(services.deps.db, token, services.deps.clock.now());
  try {
    const found = await lookUp().catch((error: unknown) => {
      if (isConnectionLost(error)) return lookUp();
      throw error;
    });
    return found ? { id: found.sessionId, user: found.user } : null;
  } catch (error) {
    const domainError = domainErrorOf(error);
    throw domainError ? toTRPCError(domainError) : error;
  }
}

export type Context = ContextInner;
