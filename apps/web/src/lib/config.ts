/**
 * The start-up check (PRODUCT "Screens"): the mock-API setting must be "true" or "false". The product fixes it to
 * false (demo mode is a real server with seeded data, see `pnpm demo`).
 */
export type ConfigCheck = { ok: true; useMockApi: boolean } | { ok: false; problem: string };

export function checkConfig(raw: string | undefined): ConfigCheck {
  const value = raw ?? "false";
  if (value !== "true" && value !== "false") {
    return { ok: false, problem: `VITE_USE_MOCK_API must be "true" or "false", but it is "${value}".` };
  }
  return { ok: true, useMockApi: value === "true" };
}
