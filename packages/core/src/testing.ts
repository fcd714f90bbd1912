import type { Clock } from "./shared/clock";
import type { CoreConfig } from "./shared/config";

/** A clock tests can set and move. */
export class FakeClock implements Clock {
  constructor(private current: Date = new Date("2026-06-01T12:00:00Z")) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export function testConfig(overrides: Partial<CoreConfig> = {}): CoreConfig {
  return {
    appUrl: "http://localhost:3000",
    requireEmailConfirmation: true,
    adminEmails: new Set(),
    feedbackTo: null,
    // Integration tests create many accounts from one address; the rate-limit tests set 1 explicitly.
    rateLimitMultiplier: 1000,
    ...overrides,
  };
}
