import { AppError, type AppErrorCode } from "@hyn/core";
import { serverErrorText } from "@hyn/i18n/server";
import { DEFAULT_LOCALE, type Locale } from "@hyn/i18n/locales";
import { messages } from "@hyn/validators";
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
 * The message a client may see for any error: the spec text for domain and validation errors,
 * a generic text for everything else (never a stack, SQL or driver message), in the client's
 * language (English, the spec's text, when it asked for none). Logs keep the English.
 */
export function publicMessage(error: TRPCError, locale: Locale = DEFAULT_LOCALE): string {
  return serverErrorText(englishMessage(error), locale);
}

function englishMessage(error: TRPCError): string {
  const cause = error.cause;
  if (cause instanceof ZodError) return cause.issues[0]?.message ?? messages.fillAllFields;
  if (cause instanceof AppError) return cause.message;
  if (error.code === "INTERNAL_SERVER_ERROR") return messages.internal;
  return error.message;
}
