import { isConnectionLost } from "@hyn/db";
import { englishText, type KeyedMessage, type MessageKey } from "@hyn/validators";

/**
 * The one domain error. Services throw it with a code and a message key (with values when the message
 * has them: `new AppError("CONFLICT", "groupFull")`, `new AppError("CONFLICT", refusal)`); the API layer
 * maps the code once to a tRPC code (packages/api/src/errors.ts) and once to an HTTP status
 * (apps/server/src/rest), and each transport writes the message in the caller's language by its key
 * (ADR 0020). `message` is the spec's English, for logs.
 */
export const APP_ERROR_CODES = [
  "BAD_REQUEST", // invalid input or a rule about input (400)
  "UNAUTHENTICATED", // no or bad session (401)
  "FORBIDDEN", // signed in but not allowed (403)
  "NOT_FOUND", // (404)
  "CONFLICT", // wrong state, duplicate, or a limit reached (409)
  "RATE_LIMITED", // (429)
  "UNAVAILABLE", // the database connection was lost; try again shortly (503)
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** Extra machine-readable detail, e.g. { retryAfterSeconds } for RATE_LIMITED. */
export type AppErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  override readonly name = "AppError";
  /** What the error says, by key: what the transports translate. */
  readonly keyed: KeyedMessage;
  constructor(code: AppErrorCode, key: MessageKey, details?: AppErrorDetails);
  constructor(code: AppErrorCode, message: KeyedMessage, details?: AppErrorDetails);
  constructor(
    readonly code: AppErrorCode,
    message: MessageKey | KeyedMessage,
    readonly details?: AppErrorDetails,
  ) {
    const keyed = typeof message === "string" ? { key: message } : message;
    super(englishText(keyed));
    this.keyed = keyed;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** How long a client waits before trying again after a lost database connection: the pool reconnects at once. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/**
 * The domain error an error stands for: itself when it is one, UNAVAILABLE (with Retry-After) when the
 * database connection was lost, or null for anything else (a fault: 500). The one place that decides it.
 */
export function domainErrorOf(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  if (isConnectionLost(error))
    return new AppError("UNAVAILABLE", "serviceUnavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  return null;
}
