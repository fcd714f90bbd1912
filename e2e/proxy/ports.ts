/**
 * The proxy e2e's ports (playwright.proxy.config.ts): derived from E2E_PORT like the main e2e's
 * (E2E_PORT and E2E_PORT+50), so two runs on one machine never collide.
 */
const base = Number(process.env.E2E_PORT ?? 3100);
export const proxyPort = base + 10;
export const instancePorts = [base + 11, base + 12] as const;
/** The TLS test's own nginx: plain HTTP (which redirects) and HTTPS. */
export const tlsPorts = { http: base + 13, https: base + 14 } as const;
/**
 * The site's name, as an operator's domain is (README, "Deploy": `--server-name`): requests carry it
 * as their Host, beside Debian's default site on the same port. A name under `localhost`, which is the
 * loopback interface (RFC 6761), so Chromium reaches it and treats it as a secure context.
 */
export const proxyHost = "neighbours.localhost";
export const proxyURL = `http://${proxyHost}:${proxyPort}`;
