import type { JobQueue, TimedJobOptions } from "./shared/jobs";
import type { Clock } from "./shared/clock";
import type { CoreConfig } from "./shared/config";
import { defaultPushConfig } from "./shared/push-config";

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
    // The tests' local push service listens on 127.0.0.1 over http.
    push: { ...defaultPushConfig, allowLoopbackHttp: true },
    ...overrides,
  };
}

export interface QueuedJob {
  name: string;
  data: object;
  startAfter: Date;
  singletonKey: string | null;
}

/**
 * The job engine as integration tests see it: it keeps what services send and hands back the jobs due
 * by a fake clock. Like the engine's one-waiting-per-key queues, a send whose key is still waiting is
 * dropped. (It cannot see a rolled-back transaction: a job sent in one stays, as a stale job would.)
 */
export class FakeJobQueue implements JobQueue {
  waiting: QueuedJob[] = [];
  async send(name: string, data: object, options: TimedJobOptions = {}): Promise<string | null> {
    const singletonKey = options.singletonKey ?? null;
    if (singletonKey && this.waiting.some((j) => j.name === name && j.singletonKey === singletonKey)) return null;
    this.waiting.push({ name, data, startAfter: options.startAfter ?? new Date(0), singletonKey });
    return String(this.waiting.length);
  }
  /** Removes and returns the jobs of `name` due at `now`, earliest first. */
  takeDue(name: string, now: Date): QueuedJob[] {
    const due = this.waiting.filter((j) => j.name === name && j.startAfter.getTime() <= now.getTime());
    this.waiting = this.waiting.filter((j) => !due.includes(j));
    return due.sort((a, b) => a.startAfter.getTime() - b.startAfter.getTime());
  }
}
