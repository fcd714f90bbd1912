/**
 * Renders the installable app's icons (apps/web/public/icons/*.png) from apps/web/public/favicon.svg
 * with Debian's Chromium, so the PNGs always match the favicon. Run after changing the favicon:
 *   node scripts/render-app-icons.mjs
 * "any" icons are the favicon as drawn; the maskable one fills the square with the favicon's green and
 * keeps the house inside the central 60 % (the safe zone is the central 80 % circle), since a
 * launcher may crop it to any shape.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const publicDir = fileURLToPath(new URL("../apps/web/public/", import.meta.url));
const favicon = readFileSync(`${publicDir}favicon.svg`, "utf8");
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
const glyph = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!background || !glyph) throw new Error("favicon.svg no longer has the rect and path this script expects");

// The house spans 14..50 x 18..52 of the favicon's 64-unit box: centred, 36 units wide.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(32 35) scale(0.6) translate(-32 -35)">${glyph}</g></svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  { file: "icon-maskable-512.png", size: 512, svg: maskable },
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const html = `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${size}" height="${size}" style="display:block"></body></html>`;
    await page.setContent(html);
    await page.locator("img").screenshot({ path: `${publicDir}icons/${file}`, omitBackground: true });
    await page.close();
    process.stdout.write(`wrote apps/web/public/icons/${file} (${size}px)\n`);
  }
} finally {
  await browser.close();
}
