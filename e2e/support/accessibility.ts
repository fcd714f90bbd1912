import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { untilTransitionsEnd } from "./ui";

/**
 * Issue 19, "Accessibility, enforced": the checks the accessibility-*.spec.ts files run on every screen of
 * src/app/router.tsx, and the modals and states they reach. accessibility.spec.ts fails when a route of
 * the router has no checkScreen call in one of them.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/**
 * The themes differ in colours alone (every colour of styles.css is a light-dark() pair; nothing is shown,
 * hidden or labelled per theme), so the dark pass runs the WCAG rules that read colours, and the light
 * pass all of them: the same findings for less of axe's time (docs/PERFORMANCE.md, "CI time (issue 44)").
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
const THEMES = ["light", "dark"] as const;
const WIDTHS = [1280, 390];
const REFLOW_WIDTH = 320;

/** The router's pattern as a test of the current path ("*" is any path the router does not know). */
function routeMatcher(route: string): RegExp {
  if (route === "*") return /.*/;
  return new RegExp(`^${route.replace(/:[^/]+/g, "[^/]+")}$`);
}

async function expectNoSidewaysScroll(page: Page, width: number, what: string) {
  await expect
    .poll(() => page.locator("html").evaluate((html) => html.scrollWidth), {
      message: `${what}: sideways scroll at ${width} px`,
    })
    .toBeLessThanOrEqual(width);
  // An open modal is fixed in place, so the page's width does not show it: it must fit, and not scroll sideways inside.
  const dialogs = page.locator("[role=dialog], dialog[open]");
  for (const dialog of await dialogs.all()) {
    const fit = await dialog.evaluate((el) => ({
      right: el.getBoundingClientRect().right,
      inner: el.scrollWidth - el.clientWidth,
    }));
    expect(fit.right, `${what}: the modal reaches past ${width} px`).toBeLessThanOrEqual(width + 1);
    expect(fit.inner, `${what}: the modal scrolls sideways inside`).toBeLessThanOrEqual(1);
  }
}

/**
 * Axe at WCAG 2.2 A/AA in both themes (the device's prefers-color-scheme, which "System" follows; the dark
 * one for its colours) and both widths, then reflow at 320 px and text at 200 %; leaves the page at desktop width, light.
 */
export async function expectAccessible(page: Page, what: string) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // A theme switch fades some backgrounds (CSS transitions): axe measures the colours they end on.
      await untilTransitionsEnd(page);
      const axe = new AxeBuilder({ page });
      const { violations } = await (
        theme === "light" ? axe.withTags(WCAG_TAGS) : axe.withRules(COLOUR_RULES)
      ).analyze();
      const found = violations.map((v) => ({
        rule: v.id,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
      }));
      expect(found, `${what}, ${theme} theme, ${width} px`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  await expectNoSidewaysScroll(page, REFLOW_WIDTH, what);
  // Text at 200 % (WCAG 1.4.4): the root font size doubled, as a browser's text-size setting does.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator("html").evaluate((html) => (html.style.fontSize = "200%"));
  await expectNoSidewaysScroll(page, 1280, `${what} with text at 200 %`);
  await page.locator("html").evaluate((html) => (html.style.fontSize = ""));
}

/** One screen of the router, named by its route pattern (the last test reads these names). */
export async function checkScreen(page: Page, route: string, state = "") {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  expect(new URL(page.url()).pathname, `the page shown is ${route}`).toMatch(routeMatcher(route));
  await expectAccessible(page, `${route}${state ? ` (${state})` : ""}`);
}
