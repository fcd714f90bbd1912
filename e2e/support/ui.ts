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
 * should see the colours they end on. Polled rather than awaiting each `finished`, which rejects when a
 * transition is cancelled (another theme switch, a re-render) and would fail the test.
 */
export async function untilTransitionsEnd(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => "transitionProperty" in a).length))
    .toBe(0);
}
