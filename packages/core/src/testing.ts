import type { Clock } from "./shared/clock";
import type { CoreConfig } from "./shared/config";
import { PRODUCT_NAME } from "./shared/config";
import { defaultPushConfig } from "./push/config";

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
    productName: PRODUCT_NAME,
    requireEmailConfirmation: true,
    adminEmails: new Set(),
    feedbackTo: null,
    // Integration tests create many accounts from one address; the rate-limit tests set 1 explicitly.
    rateLimitMultiplier: 1000,
    // The tests' local push service listens on 127.0.0.1 over http.
    push: { ...defaultPushConfig, allowLoopbackHttp: true },
    ...overrides,
  };
}
