import { deliverDueEmails, enqueueEmail, silentLogger, type MailTransport, type OutgoingEmail } from "@hyn/core";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { emailOutbox, emailSendLog, migrationsFolder } from "@hyn/db";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CapturingTransport, useHarness, createGroup } from "./support";

const h = useHarness();

async function queue(to: string, subject: string) {
  h.clock.advance(1);
  return enqueueEmail(h.db, h.clock.now(), { type: "feedback", to, subject, text: "t", html: "<p>t</p>" });
}

/** A transport whose sends hang until released: an instance with its sends in flight. */
class HeldTransport implements MailTransport {
  readonly started: OutgoingEmail[] = [];
  private releases: (() => void)[] = [];
  async send(message: OutgoingEmail) {
    this.started.push(message);
    await new Promise<void>((resolve) => this.releases.push(resolve));
    return { providerId: `held-${this.started.length}` };
  }
  releaseAll() {
    for (const release of this.releases.splice(0)) release();
  }
}

/** Another instance's delivery pass over the same outbox, through its own transport. */
function passOf(transport: MailTransport, leaseMs?: number) {
  return deliverDueEmails({
    db: h.db,
    clock: h.clock,
    logger: silentLogger,
    transport,
    from: "test@hyn.local",
    ...(leaseMs ? { leaseMs } : {}),
  });
}

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the e-mail outbox", () => {
  it("sends in the order e-mails were queued, and logs each send", async () => {
    for (let i = 0; i < 30; i++) {
      h.clock.advance(1);
      await enqueueEmail(h.db, h.clock.now(), {
        type: "feedback",
        to: "order@example.com",
        subject: `#${i}`,
        text: "t",
        html: "<p>t</p>",
      });
    }
    expect(await h.deliver()).toBe(30);
    expect(h.inbox("order@example.com").map((m) => m.subject)).toEqual(Array.from({ length: 30 }, (_v, i) => `#${i}`));
    expect(await h.deliver()).toBe(0);
  });

  it("sends a recipient's next e-mail only once the one before it is sent, even when that one waits for a retry", async () => {
    await queue("ann@example.com", "Bo offered to help");
    await queue("ann@example.com", "Bo fulfilled your request");
    await queue("cy@example.com", "Welcome");
    h.transport.failNext = 1;

    await h.deliver();
    expect(h.transport.sent.map((m) => m.subject)).toEqual(["Welcome"]);

    h.clock.advance(31_000);
    await h.deliver();
    expect(h.inbox("ann@example.com").map((m) => m.subject)).toEqual([
      "Bo offered to help",
      "Bo fulfilled your request",
    ]);
  });

  it("sends e-mails queued in one transaction in the order they were queued", async () => {
    await h.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++)
        await enqueueEmail(tx, h.clock.now(), {
          type: "feedback",
          to: "same@example.com",
          subject: `#${i}`,
          text: "t",
          html: "<p>t</p>",
        });
    });
    await h.deliver();
    expect(h.inbox("same@example.com").map((m) => m.subject)).toEqual(Array.from({ length: 12 }, (_v, i) => `#${i}`));
  });

  it("leaves a recipient's later e-mails alone while another instance is sending the earlier one, and sends others'", async () => {
    await queue("ann@example.com", "Bo offered to help");
    const first = new HeldTransport();
    const firstPass = passOf(first);
    await until(() => first.started.length === 1, "the first instance sends");
    await queue("ann@example.com", "Bo fulfilled your request");
    await queue("cy@example.com", "Welcome");

    const second = new CapturingTransport();
    expect(await passOf(second)).toBe(1);
    expect(second.sent.map((m) => m.subject)).toEqual(["Welcome"]);

    // Once the earlier one is sent, the instance that sent it goes on with the recipient's next.
    first.releaseAll();
    await until(() => first.started.length === 2, "the first instance sends the next one");
    expect(await passOf(second)).toBe(0);
    first.releaseAll();
    expect(await firstPass).toBe(2);
    expect(first.started.map((m) => m.subject)).toEqual(["Bo offered to help", "Bo fulfilled your request"]);
    expect(second.sent.map((m) => m.subject)).toEqual(["Welcome"]);
  });

  it("renews the lease while a send is in flight, so no other instance sends the e-mail again however long it takes", async () => {
    const { id } = await queue("ann@example.com", "Slow");
    const first = new HeldTransport();
    const firstPass = passOf(first, 400);
    await until(() => first.started.length === 1, "the first instance sends");
    // Far past any fixed lease: only a renewed one still holds.
    h.clock.advance(5 * 60_000);
    const lockedUntil = async () =>
      (await h.db.select({ lockedUntil: emailOutbox.lockedUntil }).from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!
        .lockedUntil;
    await until(async () => ((await lockedUntil())?.getTime() ?? 0) > h.clock.now().getTime(), "the lease is renewed");

    const second = new CapturingTransport();
    expect(await passOf(second, 400)).toBe(0);
    first.releaseAll();
    expect(await firstPass).toBe(1);
    expect(await passOf(second, 400)).toBe(0);
    expect(second.sent).toEqual([]);
  });

  it("gives every e-mail its own Message-ID, kept with it and sent by every retry", async () => {
    const { id } = await queue("ann@example.com", "Retried");
    await queue("ann@example.com", "Next");
    const attempts: string[] = [];
    const failingOnce: MailTransport = {
      send: async (message) => {
        attempts.push(message.messageId);
        if (attempts.length === 1) throw new Error("connection lost");
        return h.transport.send(message);
      },
    };
    await passOf(failingOnce);
    h.clock.advance(31_000);
    while ((await passOf(failingOnce)) > 0);

    const [stored] = await h.db
      .select({ messageId: emailOutbox.messageId })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    expect(stored!.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    expect(attempts.slice(0, 2)).toEqual([stored!.messageId, stored!.messageId]);
    const sent = h.inbox("ann@example.com");
    expect(sent.map((m) => m.subject)).toEqual(["Retried", "Next"]);
    expect(sent[0]!.messageId).toBe(stored!.messageId);
    expect(sent[1]!.messageId).not.toBe(stored!.messageId);
  });

  it("queues an e-mail whose text holds what PostgreSQL cannot store, without it, rather than failing its action (issue 38)", async () => {
    const bad = "a\u0000b\ud800c";
    await enqueueEmail(h.db, h.clock.now(), {
      type: "feedback",
      to: "ann@example.com",
      subject: `Subject ${bad}`,
      text: `Text ${bad}`,
      html: `<p>${bad}</p>`,
      headers: { "X-Note": bad },
      attachments: [{ filename: `${bad}.ics`, contentType: "text/calendar", content: bad }],
    });
    // Read before sending, which empties an e-mail's bodies and attachments.
    const [stored] = await h.db.select({ attachments: emailOutbox.attachments }).from(emailOutbox);
    expect(stored!.attachments).toEqual([
      { filename: "ab\ufffdc.ics", contentType: "text/calendar", content: "ab\ufffdc" },
    ]);
    await h.deliver();
    const [sent] = h.inbox("ann@example.com");
    expect(sent).toMatchObject({
      subject: "Subject ab\ufffdc",
      text: "Text ab\ufffdc",
      html: "<p>ab\ufffdc</p>",
      headers: { "X-Note": "ab\ufffdc" },
    });
  });

  it("keeps no token that still works once an e-mail is handed over: verification, reset and invitation links", async () => {
    const ann = await h.signUpUser();
    const group = await createGroup(ann);
    const anonymous = await h.caller();
    await anonymous.auth.signUp({ email: "new@example.com", password: "a-new-secret-1", name: "New" });
    await anonymous.auth.requestPasswordReset({ email: ann.email });
    await ann.caller.invitations.create({ groupId: group.id, email: "guest@example.com" });

    const verify = await h.linkFor("new@example.com", /type=signup/);
    const reset = await h.linkFor(ann.email, /type=recovery/);
    const invite = await h.linkFor("guest@example.com", /\/invite\//);
    const tokens = [
      verify.searchParams.get("token_hash")!,
      reset.searchParams.get("token_hash")!,
      invite.pathname.split("/").pop()!,
    ];

    // Everything the database keeps about the e-mails, read the way someone with a backup would.
    const atRest = JSON.stringify([await h.db.select().from(emailOutbox), await h.db.select().from(emailSendLog)]);
    for (const token of tokens) expect(atRest).not.toContain(token);
    const kept = await h.db
      .select({ type: emailOutbox.emailType, subject: emailOutbox.subject, sentAt: emailOutbox.sentAt })
      .from(emailOutbox);
    expect(kept.every((row) => row.sentAt !== null && row.subject.length > 0)).toBe(true);

    // The links themselves still work: what was scrubbed were live tokens.
    expect((await anonymous.auth.checkResetToken({ token: tokens[1]! })).valid).toBe(true);
    expect((await anonymous.invitations.validate({ token: tokens[2]! })).group.id).toBe(group.id);
    expect((await anonymous.auth.verifyEmail({ token_hash: tokens[0]! })).session).not.toBeNull();
  });

  it("keeps an unsent e-mail's body until it is sent, so a retry sends the same links", async () => {
    await enqueueEmail(h.db, h.clock.now(), {
      type: "feedback",
      to: "retry@example.com",
      subject: "Link",
      text: "https://x.test/a?token=t-123",
      html: "<p>t-123</p>",
    });
    h.transport.failNext = 1;
    expect(await h.deliver()).toBe(0);
    const [waiting] = await h.db
      .select({ text: emailOutbox.textBody, lastError: emailOutbox.lastError })
      .from(emailOutbox);
    expect(waiting).toEqual({ text: "https://x.test/a?token=t-123", lastError: "SMTP unavailable (simulated)" });
    h.clock.advance(31_000);
    expect(await h.deliver()).toBe(1);
    expect(h.inbox("retry@example.com")[0]!.links).toEqual(["https://x.test/a?token=t-123"]);
  });

  it("empties, on upgrade, the bodies of e-mails sent before the outbox did so itself (migration 0006)", async () => {
    await enqueueEmail(h.db, h.clock.now(), {
      type: "feedback",
      to: "old@example.com",
      subject: "Sent long ago",
      text: "token_hash=old-1",
      html: "<p>old-1</p>",
    });
    await enqueueEmail(h.db, h.clock.now(), {
      type: "feedback",
      to: "new@example.com",
      subject: "Not sent yet",
      text: "token_hash=new-1",
      html: "<p>new-1</p>",
    });
    // As an older version left it: sent, bodies kept.
    await h.db.execute(sql`UPDATE email_outbox SET sent_at = now() WHERE to_address = 'old@example.com'`);

    await h.db.execute(
      sql.raw(await readFile(path.join(migrationsFolder, "0006_scrub_sent_email_bodies.sql"), "utf8")),
    );

    const rows = await h.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
      .from(emailOutbox)
      .orderBy(emailOutbox.subject);
    expect(rows).toEqual([
      { subject: "Not sent yet", text: "token_hash=new-1", html: "<p>new-1</p>" },
      { subject: "Sent long ago", text: "", html: "" },
    ]);
  });
});
