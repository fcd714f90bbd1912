import type { Page } from "@playwright/test";

/** The toast showing `text` (the app's one live region for outcomes). */
export function toast(page: Page, text: string | RegExp) {
  return page.getByTestId("toast").filter({ hasText: text });
}

/** A group's card on the groups page, by its name. */
export function groupCard(page: Page, name: string) {
  return page.getByTestId("group-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}
