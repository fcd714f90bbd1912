import { describe, expect, it } from "vitest";
import { NOT_APP_PAGES } from "./server-paths";

const servedByTheWorker = (path: string) => !NOT_APP_PAGES.some((pattern) => pattern.test(path));

describe("which navigations the service worker answers with the app's shell", () => {
  it("answers the app's pages, including a request's page and links with a query", () => {
    for (const path of [
      "/",
      "/requests/0b6c5a3e-4a8e-4a8a-9f2c-1f0c5d6e7a8b",
      "/?request=abc",
      "/groups",
      "/apiary",
      "/development",
    ]) {
      expect({ path, shell: servedByTheWorker(path) }).toEqual({ path, shell: true });
    }
  });

  it("leaves the server's own pages to the server", () => {
    for (const path of [
      "/api",
      "/api/docs",
      "/trpc/requests.onChange",
      "/dev/mailbox?to=a",
      "/healthz",
      "/readyz",
      "/unsubscribe?token=x",
      "/unsubscribe/abc",
    ]) {
      expect({ path, shell: servedByTheWorker(path) }).toEqual({ path, shell: false });
    }
  });
});
