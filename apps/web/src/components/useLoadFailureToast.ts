import { useEffect } from "react";
import { useToast } from "./Toasts";
import { errorMessage } from "../lib/trpc";

/**
 * A panel whose list failed to load says so once, as a toast: the server's text, else `fallback`.
 * Once per failure, not on every render (the query's later renders keep `isError`).
 */
export function useLoadFailureToast(query: { isError: boolean; error: unknown }, fallback: string): void {
  const toast = useToast();
  const { isError, error } = query;
  useEffect(() => {
    if (isError) toast.error(errorMessage(error, fallback));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError]);
}
