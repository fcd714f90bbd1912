/**
 * Issue 43 §3 (PRODUCT "Suspension"): the suspension e-mail says how to reach the admins (ADMIN_CONTACT,
 * else the feedback form), and a reinstated account is told by e-mail.
 */
import { describe, expect, it } from "vitest";
import { useHarness } from "./support";

const ADMIN = "moderator@example.com";

describe("the suspension e-mail, with ADMIN_CONTACT set", () => {
  const h = useHarness({ config: { adminEmails: new Set([ADMIN]), adminContact: "admins@example.org" } });

  it("names the admins' address; the reinstatement is e-mailed too", async () => {
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    const eve = await h.signUpUser({ name: "Eve" });
    await admin.caller.admin.suspendUser({ id: eve.user.id, reason: "Spam" });
    await h.deliver();
    const suspended = h.inbox(eve.email).at(-1)!;
    expect(suspended.subject).toMatch(/account is suspended/);
    expect(suspended.text).toContain("write to the administrators: admins@example.org");

    await admin.caller.admin.reinstateUser({ id: eve.user.id, reason: "Mistake" });
    await h.deliver();
    const reinstated = h.inbox(eve.email).at(-1)!;
    expect(reinstated.subject).toBe("Your Help Your Neighbor account is active again");
    expect(reinstated.text).toContain("You can log in again: http://localhost:3000/login");
    expect(reinstated.links).toContain("http://localhost:3000/login");
    expect((await admin.caller.system.info()).adminContact).toBe("admins@example.org");
  });
});

describe("the suspension e-mail, without ADMIN_CONTACT", () => {
  const h = useHarness({ config: { adminEmails: new Set([ADMIN]) } });

  it("points to the feedback form", async () => {
    const admin = await h.signUpUser({ email: ADMIN, name: "Ada Admin" });
    const eve = await h.signUpUser({ name: "Eve" });
    await admin.caller.admin.suspendUser({ id: eve.user.id, reason: "Spam" });
    await h.deliver();
    expect(h.inbox(eve.email).at(-1)!.text).toContain(
      "tell the administrators through the feedback form: http://localhost:3000/feedback",
    );
  });
});
