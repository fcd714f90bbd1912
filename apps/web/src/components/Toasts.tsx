import { useT } from "../i18n/useT";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

export type ToastType = "success" | "error" | "warning" | "info";
interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** The page it was shown on (ToastProvider sits outside the router, hence the address bar's path). */
  path: string;
}
interface ToastApi {
  show(type: ToastType, message: string, durationMs?: number): void;
  success(message: string): void;
  error(message: string): void;
  warning(message: string): void;
  info(message: string): void;
  /**
   * The person is now on `path`: an error said on another page goes (it was about that page's form or
   * data). Successes stay their time. An error meant for the next page is shown once there.
   */
  pageShown(path: string): void;
}

/** PRODUCT "Screens": at most 5 at once (the oldest is dropped), 4000 ms by default. */
export const MAX_TOASTS = 5;
export const TOAST_DURATION_MS = 4000;

/** A new toast joins the end; past MAX_TOASTS the oldest is dropped. */
export function addToast<T>(list: T[], toast: T): T[] {
  return [...list, toast].slice(-MAX_TOASTS);
}

/** The toasts still shown on `path`: every error said on another page is gone. */
export function toastsOnPage<T extends { type: ToastType; path: string }>(list: T[], path: string): T[] {
  const kept = list.filter((toast) => toast.type !== "error" || toast.path === path);
  return kept.length === list.length ? list : kept;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (type: ToastType, message: string, durationMs = TOAST_DURATION_MS) => {
      const id = nextId.current++;
      setToasts((list) => addToast(list, { id, type, message, path: window.location.pathname }));
      window.setTimeout(() => dismiss(id), durationMs);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (m) => show("success", m),
      error: (m) => show("error", m),
      warning: (m) => show("warning", m),
      info: (m) => show("info", m),
      pageShown: (path) => setToasts((list) => toastsOnPage(list, path)),
    }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.type}`}
            role={toast.type === "error" ? "alert" : "status"}
            data-testid="toast"
          >
            <span className="toast-icon" aria-hidden="true">
              {toast.type === "success" ? "✓" : toast.type === "error" ? "!" : toast.type === "warning" ? "⚠" : "i"}
            </span>
            <span className="toast-message">{toast.message}</span>
            <button
              type="button"
              className="toast-close"
              aria-label={t("common.dismissNotification")}
              onClick={() => dismiss(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside ToastProvider");
  return api;
}
