import type { AppRouter } from "@hyn/api";
import { WEB_NAMESPACES } from "@hyn/i18n/catalogs";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { ToastProvider } from "../components/Toasts";
import { AuthProvider } from "../features/auth/AuthProvider";
import { activateLocale, i18n, loadNamespaces } from "../i18n/i18n";
import { trpc } from "../lib/trpc";

// Components show their English texts, as a browser set to English would.
await activateLocale("en");
await loadNamespaces(WEB_NAMESPACES);

/** What a procedure answers in a component test: a value, or a thrown ApiFailure for the server's refusal. */
export type Handlers = Record<string, (input: unknown) => unknown>;

/** A refusal as the server sends it: its message is what the screen shows. */
export class ApiFailure extends Error {}

export interface ApiCall {
  path: string;
  input: unknown;
}

/**
 * A tRPC link that answers from `handlers` instead of the network, and records every call, so a
 * component is tested against the real hooks and cache without a server. An unknown procedure fails
 * the test loudly.
 */
function fakeLink(handlers: Handlers, calls: ApiCall[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const handler = handlers[op.path];
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error(`No test handler for ${op.path}`);
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: "data", data } });
              observer.complete();
            },
            (error: unknown) =>
              observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error)))),
          );
      });
}

export function renderWithApi(
  ui: ReactElement,
  handlers: Handlers,
  options: { route?: string } = {},
): { result: RenderResult; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = trpc.createClient({ links: [fakeLink(handlers, calls)] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[options.route ?? "/"]}>
            <ToastProvider>
              <AuthProvider>{children}</AuthProvider>
            </ToastProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nProvider>
  );
  return { result: render(ui, { wrapper }), calls };
}
