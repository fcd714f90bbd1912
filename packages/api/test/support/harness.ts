/**
 * The integration-test harness: a fresh database, the real services with a fake clock, callers
 * that act as a given user, and an inbox fed by the real outbox worker. Test files take it through
 * useHarness (use-harness.ts), which opens and closes it around their tests.
 */
import {
  deliverDueEmails,
  createServices,
  silentLogger,
  HOUR_MS,
  REQUEST_REMINDER_JOB,
  STILL_NEEDED_JOB,
  LATER_REACH_JOB,
  SERIES_NEXT_JOB,
  NEXT_TRIP_JOB,
  type MailTransport,
  type CoreConfig,
  type JobQueue,
  type RequestReminderJob,
  type StillNeededJob,
  type LaterReachJob,
  type SeriesNextJob,
  type NextTripJob,
} from "@hyn/core";
import { FakeClock, FakeJobQueue, testConfig } from "@hyn/core/testing";
import { createTestDatabase } from "@hyn/db/testing";
import type { EmailMessage, OutgoingEmail } from "@hyn/core";
import type { EmailFrequency, Locale } from "@hyn/validators";
import { createContextInner, resolveSession, type SessionCookie } from "../../src/context";
import { createCaller } from "../../src/root";

export interface CapturedEmail extends EmailMessage {
  links: string[];
  messageId: string;
}

export class CapturingTransport implements MailTransport {
  readonly sent: CapturedEmail[] = [];
  failNext = 0;
  async send(message: OutgoingEmail) {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error("SMTP unavailable (simulated)");
    }
    const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    // Headers too: non-essential e-mails carry List-Unsubscribe (issue 15).
    this.sent.push({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
      links,
      messageId: message.messageId,
    });
    return { providerId: `test-${this.sent.length}` };
  }
}

export interface RecordingCookie extends SessionCookie {
  token: string | null;
}

export interface HarnessOptions {
  config?: Partial<CoreConfig>;
  /** PostgreSQL pool size, for the concurrency proofs. */
  maxConnections?: number;
  /** Where services queue background work (reminders, pushes); a fake queue run by `runDueJobs` when absent. */
  jobs?: JobQueue;
}

export interface NeighbourOptions {
  email?: string;
  password?: string;
  name?: string;
  /** The language of the sign-up's request (Accept-Language). */
  locale?: Locale;
  /** E-mail notifications, set through the profile after sign-up. */
  frequency?: EmailFrequency;
}

export async function createHarness(options: HarnessOptions = {}) {
  const database = await createTestDatabase(options.maxConnections ? { maxConnections: options.maxConnections } : {});
  const clock = new FakeClock(new Date());
  const config = testConfig(options.config);
  // Timed jobs wait in a fake queue run on the fake clock (runDueJobs), unless a test brings a real engine.
  const fakeJobs = new FakeJobQueue();
  const jobs: JobQueue = options.jobs ?? fakeJobs;
  const services = createServices({ db: database.handle.db, clock, config, logger: silentLogger, jobs });
  const transport = new CapturingTransport();

  /** A tRPC caller acting with the given session token (or anonymously), from `options.ip` (127.0.0.1), asking in `options.locale` (English). */
  async function caller(token?: string | null, options: { ip?: string; locale?: Locale } = {}) {
    const cookie: RecordingCookie = {
      token: null,
      set(t) {
        this.token = t;
      },
      clear() {
        this.token = null;
      },
    };
    const session = await resolveSession(services, token);
    const trpcCaller = createCaller(createContextInner({ services, session, sessionCookie: cookie, ...options }));
    type WithCookie = typeof trpcCaller & { cookie: RecordingCookie };
    // The caller is itself a proxy over procedure paths, so `cookie` is answered by a proxy in front.
    return new Proxy(trpcCaller, {
      get: (target, prop) => (prop === "cookie" ? cookie : Reflect.get(target, prop)),
    }) as WithCookie;
  }

  /** Delivers queued e-mails through the real outbox worker. */
  async function deliver() {
    let total = 0;
    for (;;) {
      const sent = await deliverDueEmails({
        db: database.handle.db,
        clock,
        logger: silentLogger,
        transport,
        from: "test@hyn.local",
      });
      total += sent;
      if (sent === 0) return total;
    }
  }

  /** Runs the timed jobs due by the fake clock (the reminders), as the job engine would; returns their outcomes. */
  async function runDueJobs(): Promise<string[]> {
    const outcomes: string[] = [];
    for (const job of fakeJobs.takeDue(REQUEST_REMINDER_JOB, clock.now()))
      outcomes.push(await services.reminders.run(job.data as RequestReminderJob));
    return outcomes;
  }

  /** Runs the "Still needed" nudges due by the fake clock, as the job engine would; returns their outcomes. */
  async function runDueNudges(): Promise<string[]> {
    const outcomes: string[] = [];
    for (const job of fakeJobs.takeDue(STILL_NEEDED_JOB, clock.now()))
      outcomes.push(await services.nudges.run(job.data as StillNeededJob));
    return outcomes;
  }

  /** Runs the resting helpers' late notices due by the fake clock (issue 41 §2); returns their outcomes. */
  async function runDueLaterReach(): Promise<string[]> {
    const outcomes: string[] = [];
    for (const job of fakeJobs.takeDue(LATER_REACH_JOB, clock.now()))
      outcomes.push(await services.laterReach.run(job.data as LaterReachJob));
    return outcomes;
  }

  /** Runs the repeating requests' jobs due by the fake clock (their next occurrences); returns their outcomes. */
  async function runDueSeries(): Promise<string[]> {
    const outcomes: string[] = [];
    for (const job of fakeJobs.takeDue(SERIES_NEXT_JOB, clock.now()))
      outcomes.push(await services.series.run(job.data as SeriesNextJob));
    return outcomes;
  }

  /** Runs the weekly trips' next announcements due by the fake clock, as the job engine would; returns their outcomes. */
  async function runDueTrips(): Promise<string[]> {
    const outcomes: string[] = [];
    for (const job of fakeJobs.takeDue(NEXT_TRIP_JOB, clock.now()))
      outcomes.push(await services.trips.announceNext(job.data as NextTripJob));
    return outcomes;
  }

  function inbox(to: string) {
    return transport.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase());
  }

  /** The first link in the newest e-mail to `to` that matches `pattern`. */
  async function linkFor(to: string, pattern: RegExp): Promise<URL> {
    await deliver();
    const found = inbox(to)
      .reverse()
      .flatMap((m) => m.links)
      .find((l) => pattern.test(l));
    if (!found) throw new Error(`no e-mail to ${to} with a link matching ${pattern}`);
    return new URL(found);
  }

  let counter = 0;
  /** Signs up, verifies through the e-mailed link, and returns the user with a signed-in caller. */
  async function signUpUser(overrides: NeighbourOptions = {}) {
    counter++;
    const email = overrides.email ?? `neighbour${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = overrides.password ?? TEST_PASSWORD;
    const anonymous = await caller(null, overrides.locale ? { locale: overrides.locale } : {});
    const signedUp = await anonymous.auth.signUp({ email, password, name: overrides.name ?? `Neighbour ${counter}` });
    let token = signedUp.session?.token ?? null;
    if (!token) {
      const link = await linkFor(email, /type=signup/);
      const verified = await anonymous.auth.verifyEmail({ token_hash: link.searchParams.get("token_hash")! });
      token = verified.session!.token;
    }
    const signedIn = await caller(token);
    if (overrides.frequency) await signedIn.user.updateEmailPreferences({ frequency: overrides.frequency });
    return { user: signedUp.user, email, password, token, caller: signedIn };
  }

  /** Signs up one neighbour per name, in order. */
  async function neighbours<const Names extends readonly string[]>(...names: Names) {
    type Signed = Awaited<ReturnType<typeof signUpUser>>;
    const made: Signed[] = [];
    for (const name of names) made.push(await signUpUser({ name }));
    return made as { -readonly [K in keyof Names]: Signed };
  }

  /** The fake clock's time `hours` from now. */
  const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR_MS);

  /** Ends the live streams (as the server does before it stops), then the database. */
  async function close() {
    await services.live.close();
    await database.close();
  }

  return {
    db: database.handle.db,
    handle: database.handle,
    url: database.url,
    clock,
    config,
    services,
    transport,
    /** The fake queue (unused when the test brought its own `jobs`). */
    jobs: fakeJobs,
    runDueJobs,
    runDueSeries,
    runDueTrips,
    runDueNudges,
    runDueLaterReach,
    caller,
    deliver,
    inbox,
    linkFor,
    signUpUser,
    neighbours,
    inHours,
    close,
  };
}

/** The password every test account signs up with, unless a test picks its own. */
export const TEST_PASSWORD = "correct horse battery";

export type Harness = Awaited<ReturnType<typeof createHarness>>;
/** A signed-up, verified user with a caller acting as them. */
export type Neighbour = Awaited<ReturnType<Harness["signUpUser"]>>;
/** A tRPC caller as the harness makes them (with the session cookie it recorded). */
export type Caller = Awaited<ReturnType<Harness["caller"]>>;
