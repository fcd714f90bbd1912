import type { Locator, Page } from "@playwright/test";
import { untilTransitionsEnd } from "./ui";

/**
 * Whether the specs take the screenshots people look at (`E2E_SCREENSHOTS=1 npx playwright test ...`). They
 * assert nothing, and a full-page PNG in two themes at two widths costs seconds a screen, so the test
 * command (CI) runs without them: on two busy cores they pushed the heaviest specs past their timeouts.
 */
export const TAKING_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** Where the screenshots go: one folder per run's port, so two runs on one machine keep theirs apart. */
export const SCREENSHOTS_DIR = `test-results/${process.env.E2E_PORT ?? 3100}/screenshots`;

export interface LookOptions {
  /** The themes to look at (the device's prefers-color-scheme, which the app's "System" follows). */
  themes?: readonly ("light" | "dark")[];
  widths?: readonly number[];
  /** Only this part of the page. */
  target?: Locator;
  /** The screen with this in view (a dialog scrolls inside itself, so a full page would not show it). */
  scrollTo?: Locator;
  /** The viewport only, rather than the whole page. */
  viewportOnly?: boolean;
}

/**
 * The page as PNGs at each width in each theme (`<name>-<theme>-<width>.png` in SCREENSHOTS_DIR), each
 * taken once the theme's fades have ended; then the viewport the test had, in the light theme.
 */
export async function screenshots(page: Page, name: string, options: LookOptions = {}): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const theme of options.themes ?? (["light", "dark"] as const)) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of options.widths ?? [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await untilTransitionsEnd(page);
      const path = `${SCREENSHOTS_DIR}/${name}-${theme}-${width}.png`;
      if (options.scrollTo) await options.scrollTo.evaluate((element) => element.scrollIntoView({ block: "center" }));
      if (options.target) await options.target.screenshot({ path });
      else await page.screenshot({ path, fullPage: !options.scrollTo && !options.viewportOnly });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (size) await page.setViewportSize(size);
}

/** One PNG of the page or a part of it as it is now, at `path` (taken only with E2E_SCREENSHOTS=1). */
export async function screenshot(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}) {
  if (!TAKING_SCREENSHOTS) return;
  await target.screenshot({ path, ...options });
}
