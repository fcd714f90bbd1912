// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { activateLocale, i18n } from "../i18n/i18n";
import { ToastProvider, useToast } from "./Toasts";

// As in the app: the toasts' own texts (the close button) come in the current language.
await activateLocale("en");

let api: ReturnType<typeof useToast>;
/** Hands the test the toast API, as a screen would use it. */
function Grab() {
  const toast = useToast();
  useEffect(() => {
    api = toast;
  }, [toast]);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <I18nProvider i18n={i18n}>
      <ToastProvider>
        <Grab />
      </ToastProvider>
    </I18nProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shown = () => screen.queryAllByTestId("toast").map((toast) => toast.querySelector(".toast-message")!.textContent);

describe("the toasts", () => {
  it("show at most five at once, the oldest dropped first", () => {
    act(() => {
      for (let i = 1; i <= 7; i++) api.info(`Toast ${i}`);
    });
    expect(shown()).toEqual(["Toast 3", "Toast 4", "Toast 5", "Toast 6", "Toast 7"]);
  });

  it("go away after 4000 ms, not before", () => {
    act(() => api.success("Saved"));
    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(shown()).toEqual(["Saved"]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(shown()).toEqual([]);
  });

  it("announce errors as alerts and the rest as status, and can be dismissed", () => {
    act(() => {
      api.error("Failed to claim request");
      api.success("Request claimed");
    });
    expect(screen.getByRole("alert").textContent).toContain("Failed to claim request");
    expect(screen.getByRole("status").textContent).toContain("Request claimed");
    act(() => screen.getAllByRole("button", { name: "Dismiss notification" })[0]!.click());
    expect(shown()).toEqual(["Request claimed"]);
  });

  it("drop an error said on another page once the person is on the next one, and keep the rest", () => {
    window.history.pushState(null, "", "/login");
    act(() => {
      api.error("Invalid email or password");
      api.success("Signed out");
    });
    window.history.pushState(null, "", "/verify-email");
    act(() => api.pageShown("/verify-email"));
    expect(shown()).toEqual(["Signed out"]);
    // An error said on the page it is about stays there.
    act(() => api.error("Failed to resend"));
    act(() => api.pageShown("/verify-email"));
    expect(shown()).toEqual(["Signed out", "Failed to resend"]);
  });
});
