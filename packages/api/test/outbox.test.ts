import { enqueueEmail } from "@hyn/core";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { emailOutbox, emailSendLog, migrationsFolder } from "@hyn/db";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, createGroup } from "./support";

const h = useHarness();

describe("the e-mail outbox", () => {
  it("sends in the order e-mails were queued, and logs each send", async () => {
    for (let i = 0; i < 30; i++) {
      h.clock.advance(1);
      await enqueueEmail(h.db, h.clock.now(), { type: "feedback", to: "order@example.com", subject: `#${i}`, text: "t", html: "<p>t</p>" });
    }
    expect(await h.deliver()).toBe(30);
    expect(h.inbox("order@example.com").map((m) => m.subject)).toEqual(Array.from({ length: 30 }, (_v, i) => `#${i}`));
    expect(await h.deliver()).toBe(0);
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
    const tokens = [verify.searchParams.get("token_hash")!, reset.searchParams.get("token_hash")!, invite.pathname.split("/").pop()!];

    // Everything the database keeps about the e-mails, read the way someone with a backup would.
    const atRest = JSON.stringify([await h.db.select().from(emailOutbox), await h.db.select().from(emailSendLog)]);
    for (const token of tokens) expect(atRest).not.toContain(token);
    const kept = await h.db.select({ type: emailOutbox.emailType, subject: emailOutbox.subject, sentAt: emailOutbox.sentAt }).from(emailOutbox);
    expect(kept.every((row) => row.sentAt !== null && row.subject.length > 0)).toBe(true);

    // The links themselves still work: what was scrubbed were live tokens.
    expect((await anonymous.auth.checkResetToken({ token: tokens[1]! })).valid).toBe(true);
    expect((await anonymous.invitations.validate({ token: tokens[2]! })).group.id).toBe(group.id);
    expect((await anonymous.auth.verifyEmail({ token_hash: tokens[0]! })).session).not.toBeNull();
  });

  it("keeps an unsent e-mail's body until it is sent, so a retry sends the same links", async () => {
    await enqueueEmail(h.db, h.clock.now(), { type: "feedback", to: "retry@example.com", subject: "Link", text: "https://x.test/a?token=t-123", html: "<p>t-123</p>" });
    h.transport.failNext = 1;
    expect(await h.deliver()).toBe(0);
    const [waiting] = await h.db.select({ text: emailOutbox.textBody, lastError: emailOutbox.lastError }).from(emailOutbox);
    expect(waiting).toEqual({ text: "https://x.test/a?token=t-123", lastError: "SMTP unavailable (simulated)" });
    h.clock.advance(31_000);
    expect(await h.deliver()).toBe(1);
    expect(h.inbox("retry@example.com")[0]!.links).toEqual(["https://x.test/a?token=t-123"]);
  });

  it("empties, on upgrade, the bodies of e-mails sent before the outbox did so itself (migration 0006)", async () => {
    await enqueueEmail(h.db, h.clock.now(), { type: "feedback", to: "old@example.com", subject: "Sent long ago", text: "token_hash=old-1", html: "<p>old-1</p>" });
    await enqueueEmail(h.db, h.clock.now(), { type: "feedback", to: "new@example.com", subject: "Not sent yet", text: "token_hash=new-1", html: "<p>new-1</p>" });
    // As an older version left it: sent, bodies kept.
    await h.db.execute(sql`UPDATE email_outbox SET sent_at = now() WHERE to_address = 'old@example.com'`);

    await h.db.execute(sql.raw(await readFile(path.join(migrationsFolder, "0006_scrub_sent_email_bodies.sql"), "utf8")));

    const rows = await h.db.select({ subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody }).from(emailOutbox).orderBy(emailOutbox.subject);
    expect(rows).toEqual([
      { subject: "Not sent yet", text: "token_hash=new-1", html: "<p>new-1</p>" },
      { subject: "Sent long ago", text: "", html: "" },
    ]);
  });
});
