import { AppError, type AppErrorCode } from "@hyn/core";
import { serverErrorText } from "@hyn/i18n/server";
import { DEFAULT_LOCALE, type Locale } from "@hyn/i18n/locales";
import { messageOfZodText, type KeyedMessage } from "@hyn/validators";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";

/** The one AppError -> tRPC mapping. */
const TRPC_CODE_OF: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHENTICATED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_OF[error.code], message: error.message, cause: error });
}

/**
 * What a client may be told of any error, by key: the domain error's or the schema's message, a
 * generic one for everything else (never a stack, SQL or driver message). Null for tRPC's own
 * refusals (an unknown procedure, a wrong method), which keep tRPC's text.
 */
export function publicKeyedMessage(error: TRPCError): KeyedMessage | null {
  const cause = error.cause;
  if (cause instanceof ZodError) {
    const text = cause.issues[0]?.message;
    return text === undefined ? { key: "fillAllFields" } : messageOfZodText(text);
  }
  if (cause instanceof AppError) return cause.keyed;
  if (error.code === "INTERNAL_SERVER_ERROR") return { key: "internal" };
  return null;
}

/**
 * The message a client may see, in the client's language (English, the spec's text, when it asked
 * for none); written once, by key (ADR 0020). Logs keep the English.
 */
export function publicMessage(error: TRPCError, locale: Locale = DEFAULT_LOCALE): string {
  const keyed = publicKeyedMessage(error);
  if (keyed) return serverErrorText(keyed, locale);
  // A schema text that is none of the messages (a zod issue's own) or tRPC's own refusal.
  return error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? error.message) : error.message;
}
