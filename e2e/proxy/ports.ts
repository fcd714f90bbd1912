/**
 * The proxy e2e's ports (playwright.proxy.config.ts): derived from E2E_PORT like the main e2e's
 * (E2E_PORT and E2E_PORT+50), so two runs on one machine never collide.
 */
const base = Number(process.env.E2E_PORT ?? 3100);
export const proxyPort = base + 10;
export const instancePorts = [base + 11, base + 12] as const;
export const proxyURL = `http://localhost:${proxyPort}`;
