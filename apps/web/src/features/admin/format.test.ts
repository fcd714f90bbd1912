// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../../i18n/i18n";
import {
  claimTimeTrend,
  formatClaimTime,
  formatGroupSize,
  formatMetric,
  formatPercent,
  fulfillmentTrend,
} from "./format";

await activateLocale("en");
await loadNamespaces(["admin"]);

describe("admin display rules", () => {
  afterAll(() => activateLocale("en"));

  it("abbreviates values of 1000 or more with k", () => {
    expect(formatMetric(999)).toBe("999");
    expect(formatMetric(1000)).toBe("1k");
    expect(formatMetric(1500)).toBe("1.5k");
    expect(formatMetric(12_345)).toBe("12.3k");
    expect(formatMetric(0)).toBe("0");
    expect(formatMetric(42.5)).toBe("42.5");
    expect(formatPercent(42.5)).toBe("42.5%");
  });

  it("points the fulfillment arrow up above 70, neutral above 40, else down", () => {
    expect(fulfillmentTrend(70.01)).toBe("up");
    expect(fulfillmentTrend(70)).toBe("neutral");
    expect(fulfillmentTrend(40.01)).toBe("neutral");
    expect(fulfillmentTrend(40)).toBe("down");
    expect(fulfillmentTrend(0)).toBe("down");
  });

  it("points the claim-time arrow up below 24 h, neutral below 72 h, else down", () => {
    expect(claimTimeTrend(23.9)).toBe("up");
    expect(claimTimeTrend(24)).toBe("neutral");
    expect(claimTimeTrend(71.9)).toBe("neutral");
    expect(claimTimeTrend(72)).toBe("down");
  });

  it("shows claim time in minutes, hours or days", () => {
    expect(formatClaimTime(0.5)).toBe("30 minutes");
    // Claims within the first minute: an average of 0 hours is still a time, not "no claims".
    expect(formatClaimTime(0)).toBe("< 1 min");
    expect(formatClaimTime(0.01)).toBe("< 1 min");
    expect(formatClaimTime(1 / 60)).toBe("1 minute");
    expect(formatClaimTime(1)).toBe("1.0 hours");
    expect(formatClaimTime(5.25)).toBe("5.3 hours");
    expect(formatClaimTime(23.94)).toBe("23.9 hours");
    expect(formatClaimTime(24)).toBe("1.0 days");
    expect(formatClaimTime(60)).toBe("2.5 days");
  });

  it("shows group size with one decimal", () => {
    expect(formatGroupSize(1.67)).toBe("1.7");
    expect(formatGroupSize(2)).toBe("2.0");
  });

  it("writes numbers and units as German does", async () => {
    await activateLocale("de");
    await loadNamespaces(["admin"]);
    expect(formatClaimTime(5.25)).toBe("5,3 Stunden");
    expect(formatClaimTime(1 / 60)).toBe("1 Minute");
    expect(formatMetric(1500)).toBe("1,5 Tsd.");
    expect(formatPercent(42.5)).toBe("42,5 %");
    expect(formatGroupSize(1.67)).toBe("1,7");
  });
});
