import type { AppRouter, RouterInputs, RouterOutputs } from "@hyn/api";
import { clientTransformer as transformer } from "@hyn/api/client-transformer";
import { httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { DEFAULT_LOCALE, isLocale } from "@hyn/i18n/locales";
import type { ErrorKey } from "@hyn/validators/messages";
import { currentLocale } from "../i18n/i18n";
import { translate } from "../i18n/useT";
import { retryingShedCalls } from "./shed-retry";

export const trpc = createTRPCReact<AppRouter>();
export type { RouterInputs, RouterOutputs };
export type CurrentUser = NonNullable<RouterOutputs["user"]["me"]>;

/** The server writes its error texts, and keeps a sign-up's language, in the language the app shows. */
const languageHeader = () => {
  const locale = currentLocale();
  return { "accept-language": isLocale(locale) ? locale : DEFAULT_LOCALE };
};

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        // Live updates (requests.onChange) stream over Server-Sent Events; the browser's EventSource
        // sends the session cookie and reconnects by itself.
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({ url: "/trpc", transformer }),
        // One HTTP round trip per render pass: every query of a screen is batched. The server's
        // transformer pair seen from the client (ADR 0033): inputs in superjson's format, written without
        // the library (input-writer.ts), answers plain JSON whose times are ISO texts (their types say
        // string); a screen makes a Date only where it computes with one.
        // A call the server shed under overload (503 + Retry-After, ADR 0035) is sent once more.
        false: httpBatchLink({
          url: "/trpc",
          transformer,
          maxURLLength: 4000,
          headers: languageHeader,
          fetch: retryingShedCalls(),
        }),
      }),
    ],
  });
}

/**
 * The server's message (a SPEC text, in the current language), the offline notice when there was no
 * network (any change tried without one: it was not sent, and nothing sends it later), or the screen's
 * fallback toast text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!navigator.onLine && !(error instanceof TRPCClientError && error.data)) return translate("common.offlineNotSent");
  // A rate limit says how long to wait, from its Retry-After (issue 30), on every form.
  const wait = retryAfterSeconds(error);
  if (wait !== undefined) return translate("common.tooManyRequestsWait", waitInWords(wait));
  if (
    error instanceof TRPCClientError &&
    error.message &&
    !/^Failed to fetch|fetch failed|Unexpected token|Unable to transform response/i.test(error.message)
  ) {
    return error.message;
  }
  return fallback;
}

/**
 * Which message a server error is, by key (the tRPC error's `data.messageKey`, ADR 0020): what a
 * screen decides by, never the text, which is in the page's language.
 */
export function errorKey(error: unknown): ErrorKey | undefined {
  if (error instanceof TRPCClientError) return (error.data as { messageKey?: ErrorKey } | undefined)?.messageKey;
  return undefined;
}

export function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return undefined;
}

/** A wait as a person says it: seconds up to a minute and a half, then whole minutes, then whole hours. */
export function waitInWords(seconds: number): { unit: "seconds" | "minutes" | "hours"; count: number } {
  if (seconds <= 90) return { unit: "seconds", count: Math.ceil(seconds) };
  if (seconds <= 90 * 60) return { unit: "minutes", count: Math.ceil(seconds / 60) };
  return { unit: "hours", count: Math.ceil(seconds / 3600) };
}

/** The seconds a refused call (429) says to wait, from its Retry-After header; undefined otherwise. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError) || errorStatus(error) !== 429) return undefined;
  const response = (error.meta as { response?: Response } | undefined)?.response;
  const seconds = Number(response?.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}
