import { I18nProvider } from "@lingui/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createAppRouter } from "./app/router";
import { ToastProvider } from "./components/Toasts";
import { AuthProvider } from "./features/auth/AuthProvider";
import { prefetchCurrentUser } from "./features/auth/current-user";
import { AccountLocale } from "./features/language/AccountLocale";
import { activateLocale, deviceLocale, i18n } from "./i18n/i18n";
import { translate } from "./i18n/useT";
import { checkConfig } from "./lib/config";
import { startOnlineTracking } from "./lib/online";
import { watchChunkErrors } from "./app/chunk-errors";
import { createQueryClient } from "./lib/query-client";
import { createTrpcClient, trpc } from "./lib/trpc";
import { yieldToMain } from "./lib/yield-to-main";
import { registerServiceWorkerAfterFirstPaint } from "./pwa/start";
import "./styles.css";

interface AppProps {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createTrpcClient>;
  router: ReturnType<typeof createAppRouter>;
}

function App({ queryClient, trpcClient, router }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <AuthProvider>
              <AccountLocale />
              <RouterProvider router={router} />
            </AuthProvider>
          </ToastProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nProvider>
  );
}

/** A developer's setup problem (the problem itself is for them, in English); shown outside the app, so no hooks. */
function ConfigurationError({ problem }: { problem: string }) {
  return (
    <main className="page page-narrow">
      <div className="alert alert-error" role="alert">
        <h1>{translate("common.configurationError")}</h1>
        <p>{problem}</p>
      </div>
    </main>
  );
}

/**
 * Start-up in short steps rather than one long task, so the browser can paint and answer a tap in
 * between: ask who is signed in first (every page waits on it), then create the router (which starts
 * loading the current screen), then render. The first render is a transition, so it too yields to the
 * browser every few milliseconds instead of holding the main thread for the whole tree.
 */
async function start() {
  const root = createRoot(document.getElementById("root")!);
  const config = checkConfig(import.meta.env.VITE_USE_MOCK_API);
  if (!config.ok) {
    await activateLocale(deviceLocale());
    root.render(<ConfigurationError problem={config.problem} />);
    return;
  }
  startOnlineTracking();
  watchChunkErrors();
  // Which build this page runs, for an operator (and the rolling-upgrade test) to read.
  document.documentElement.dataset.release = import.meta.env.VITE_RELEASE ?? "";
  // The device's language (its choice, else the browser's): English is in the entry; another
  // language's texts download while the user is being asked for.
  const languageReady = activateLocale(deviceLocale());
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  void prefetchCurrentUser(queryClient, trpcClient);
  await languageReady;
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} trpcClient={trpcClient} router={router} />
      </StrictMode>,
    );
  });
  registerServiceWorkerAfterFirstPaint();
}

void start();
