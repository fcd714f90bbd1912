import { describe, expect, it } from "vitest";
import { isSpaRoute } from "./spa-routes";

describe("isSpaRoute", () => {
  it('knows every route of PRODUCT "Screens"', () => {
    for (const path of [
      "/",
      "/login",
      "/signup",
      "/verify-email",
      "/auth/callback",
      "/forgot-password",
      "/reset-password",
      "/groups",
      "/profile",
      "/invite",
      "/join/abc",
      "/invite/abc",
      "/unsubscribe/abc",
      "/feedback",
      "/about",
      "/admin",
      "/admin/reports",
      "/admin/audit",
      "/trips",
      "/trips/abc",
    ]) {
      expect(isSpaRoute(path), path).toBe(true);
    }
  });
  it("does not claim unknown paths", () => {
    for (const path of ["/nope", "/groups/12/extra", "/join", "/auth", "/admin/x"])
      expect(isSpaRoute(path), path).toBe(false);
  });
});
