import { expect, type Page } from "@playwright/test";

/** The toast showing `text` (the app's one live region for outcomes). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByTestId("toast").filter({ hasText: text });
}

/** A group's card on the groups page, by its name. */
export function groupCard(page: Page, name: string) {
  return page.getByTestId("group-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/**
 * Waits until no CSS transition runs: a theme switch fades some backgrounds, and a screenshot or axe
 * should see the colours they end on. Awaited in the page as each batch of transitions finishes (a
 * cancelled one, by another theme switch or a re-render, counts as ended), so it returns the moment they
 * end rather than at the next tick of a poll; fails when they still run after `timeout` ms.
 */
export async function untilTransitionsEnd(page: Page, timeout = 10_000): Promise<void> {
  const running = await page.evaluate(async (ms) => {
    const deadline = Date.now() + ms;
    const transitions = () => document.getAnimations().filter((a) => "transitionProperty" in a);
    for (let now = transitions(); now.length > 0; now = transitions()) {
      const left = deadline - Date.now();
      if (left <= 0) return now.length;
      const ended = Promise.all(now.map((a) => a.finished.catch(() => undefined)));
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, left))]);
    }
    return 0;
  }, timeout);
  expect(running, `CSS transitions still running after ${timeout} ms`).toBe(0);
}

/** A date-and-time field's value ("YYYY-MM-DDTHH:mm") `days` from now at `time`, in the browser's time zone (the page's). */
export function localDateTime(page: Page, days: number, time = "10:00"): Promise<string> {
  return page.evaluate(
    ([d, t]) => {
      const date = new Date();
      date.setDate(date.getDate() + Number(d));
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${t}`;
    },
    [String(days), time] as const,
  );
}

/** The card of the request `id` (on the dashboard or its own page). */
export function requestCardOf(page: Page, id: string) {
  return page.locator(`[data-testid="request-card"][data-request-id="${id}"]`);
}

/**
 * Picks a language in the footer and waits until it is saved: the page shows it at once, and the picker
 * stays disabled until the account has it too (also when picked while the account was still loading).
 * A page loaded before that shows the account's old language (the German page of a series test came up
 * in Spanish in CI).
 */
export async function chooseLanguage(page: Page, locale: string): Promise<void> {
  const picker = page.locator(".language-choice select");
  await picker.selectOption(locale);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(picker).toBeEnabled();
  await expect(picker).toHaveValue(locale);
}
