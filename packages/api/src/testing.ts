/**
 * The integration-test harness: a fresh database, the real services with a fake clock, callers
 * that act as a given user, and an inbox fed by the real outbox worker.
 */
import { deliverDueEmails, createServices, silentLogger, REQUEST_REMINDER_JOB, type MailTransport, type CoreConfig, type JobQueue, type RequestReminderJob } from "@hyn/core";
import { FakeClock, FakeJobQueue, testConfig } from "@hyn/core/testing";
import { createTestDatabase } from "@hyn/db/testing";
import type { EmailMessage, OutgoingEmail } from "@hyn/core";
import type { Locale } from "@hyn/validators";
import { createContextInner, resolveSession, type SessionCookie } from "./context";
import { createCaller } from "./root";

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
    this.sent.push({ to: message.to, subject: message.subject, text: message.text, html: message.html, ...(message.headers ? { headers: message.headers } : {}), links, messageId: message.messageId });
    return { providerId: `test-${this.sent.length}` };
  }
}

export interface RecordingCookie extends SessionCookie {
  token: string | null;
}

/** `jobs`: where services queue background work (reminders, pushes); a fake queue run by `runDueJobs` when absent. */
export async function createHarness(options: { config?: Partial<CoreConfig>; maxConnections?: number; jobs?: JobQueue } = {}) {
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
      const sent = await deliverDueEmails({ db: database.handle.db, clock, logger: silentLogger, transport, from: "test@hyn.local" });
      total += sent;
      if (sent === 0) return total;
    }
  }

  /** Runs the timed jobs due by the fake clock (the reminders), as the job engine would; returns their outcomes. */
  async function runDueJobs(): Promise<string[]> {
    const outcomes: string[] = [];
    for (const job of fakeJobs.takeDue(REQUEST_REMINDER_JOB, clock.now())) outcomes.push(await services.reminders.run(job.data as RequestReminderJob));
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
  async function signUpUser(overrides: { email?: string; password?: string; name?: string; locale?: Locale } = {}) {
    counter++;
    const email = overrides.email ?? `neighbour${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = overrides.password ?? "correct horse battery";
    const anonymous = await caller(null, overrides.locale ? { locale: overrides.locale } : {});
    const signedUp = await anonymous.auth.signUp({ email, password, name: overrides.name ?? `Neighbour ${counter}` });
    let token = signedUp.session?.token ?? null;
    if (!token) {
      const link = await linkFor(email, /type=signup/);
      const verified = await anonymous.auth.verifyEmail({ token_hash: link.searchParams.get("token_hash")! });
      token = verified.session!.token;
    }
    const signedIn = await caller(token);
    return { user: signedUp.user, email, password, token, caller: signedIn };
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
    caller,
    deliver,
    inbox,
    linkFor,
    signUpUser,
    close: database.close,
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

export { SWEEP, buildSweepWorld, type Entry as SweepEntry, type World as SweepWorld } from "./authorization-table";
