import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./app/router";
import { ToastProvider } from "./components/Toasts";
import { AuthProvider } from "./features/auth/AuthProvider";
import { checkConfig } from "./lib/config";
import { createTrpcClient, errorStatus, trpc } from "./lib/trpc";
import "./styles.css";

function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 15_000,
            refetchOnWindowFocus: true,
            // A 4xx will not change by asking again.
            retry: (count, error) => {
              const status = errorStatus(error);
              return status !== undefined && status < 500 ? false : count < 2;
            },
          },
        },
      }),
  );
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

function ConfigurationError({ problem }: { problem: string }) {
  return (
    <main className="page page-narrow">
      <div className="alert alert-error" role="alert">
        <h1>Configuration Error</h1>
        <p>{problem}</p>
      </div>
    </main>
  );
}

const config = checkConfig(import.meta.env.VITE_USE_MOCK_API);
createRoot(document.getElementById("root")!).render(
  <StrictMode>{config.ok ? <App /> : <ConfigurationError problem={config.problem} />}</StrictMode>,
);
