/**
 * A screen's code that could not be fetched. During a roll or after an upgrade (issue 40) it is most often
 * a page of the previous release asking for a chunk its server no longer has, not the connection: the page
 * then says a new version is available. Browsers word a failed dynamic import each their own way; Vite's
 * preload of a chunk's imports and styles fires `vite:preloadError` (noted by `watchChunkErrors`).
 */
const CHUNK_FAILURES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload of a chunk's stylesheet
];

let preloadFailed = false;

export function watchChunkErrors(target: Pick<Window, "addEventListener"> = window): void {
  target.addEventListener("vite:preloadError", () => {
    preloadFailed = true;
  });
}

export function isChunkLoadError(error: unknown): boolean {
  if (preloadFailed) return true;
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_FAILURES.some((pattern) => pattern.test(message));
}
