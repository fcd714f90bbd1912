/**
 * ADR 0019's measurement: what the first `Intl.DateTimeFormat` and the first `Intl.PluralRules` cost in
 * a freshly opened Chromium page, per language, against a formatter kept after its first use and
 * against the app's own formatting from Date's getters with names from the catalogs.
 *
 * Every sample is a new browser (a new renderer process: ICU's data is loaded per process), unslowed
 * and with the CPU slowed 4x as Lighthouse's mobile preset does. Debian's Chromium; nothing downloaded.
 *
 *   node scripts/measure-date-formatting.mjs [samples=7]
 */
import { chromium } from "@playwright/test";

const SAMPLES = Number(process.argv[2] ?? 7);
const LOCALES = ["en", "es", "de"];
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Runs in the page: one measurement kind, timings in ms. */
function measure({ kind, locale }) {
  const date = new Date(2030, 5, 15, 18, 5);
  const time = (fn) => {
    const start = performance.now();
    fn();
    return performance.now() - start;
  };
  if (kind === "intl") {
    let first;
    const firstMs = time(() => {
      first = new Intl.DateTimeFormat(locale, {
        weekday: "short",
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
      first.format(date);
    });
    // Another formatter (other fields) once the language's data is in.
    const secondMs = time(() =>
      new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(date),
    );
    const runs = 2000;
    const cachedMs =
      time(() => {
        for (let i = 0; i < runs; i++) first.format(date);
      }) / runs;
    return { firstMs, secondMs, cachedMs };
  }
  if (kind === "plural") {
    const firstMs = time(() => new Intl.PluralRules(locale).select(3));
    const secondMs = time(() => new Intl.PluralRules(locale, { type: "ordinal" }).select(3));
    return { firstMs, secondMs };
  }
  // The app's way: Date's getters and names looked up in a table (the catalog's messages).
  const weekdays = ["sáb", "dom", "lun", "mar", "mié", "jue", "vie"];
  const months = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
  const two = (n) => String(n).padStart(2, "0");
  const format = (d) =>
    `${weekdays[d.getDay()]} ${d.getDate()} ${months[d.getMonth()]}, ${two(d.getHours())}:${two(d.getMinutes())}`;
  const firstMs = time(() => format(date));
  const runs = 2000;
  const cachedMs =
    time(() => {
      for (let i = 0; i < runs; i++) format(date);
    }) / runs;
  return { firstMs, cachedMs };
}

async function sample(kind, locale, throttle) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
  try {
    const page = await browser.newPage();
    if (throttle > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    }
    await page.goto("data:text/html,<title>m</title>");
    return await page.evaluate(measure, { kind, locale });
  } finally {
    await browser.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const range = (values) =>
  `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)})`;

process.stdout.write(
  `${new Date().toISOString()}, Chromium ${await (async () => {
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
    const version = browser.version();
    await browser.close();
    return version;
  })()}, ${SAMPLES} fresh browsers per cell, ms: median (min-max)\n`,
);
for (const throttle of [1, 4]) {
  for (const kind of ["intl", "plural", "getters"]) {
    for (const locale of LOCALES) {
      const results = [];
      for (let i = 0; i < SAMPLES; i++) results.push(await sample(kind, locale, throttle));
      const keys = Object.keys(results[0]);
      process.stdout.write(
        `cpu/${throttle} ${kind.padEnd(7)} ${locale}: ${keys.map((key) => `${key} ${range(results.map((r) => r[key]))}`).join(", ")}\n`,
      );
    }
  }
}
