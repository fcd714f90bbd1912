/**
 * Issue 38 §4: a live stream belongs to its session. Sign-out, a password change (for the other
 * sessions), a suspension and the account's deletion end it within 5 seconds, and no event committed
 * after reaches it; a session gone without a word (expired, or its row deleted) ends it too. Across
 * two server instances: requests-live.pg.test.ts.
 */
import { createSession } from "@hyn/core";
import { sessions } from "@hyn/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, listen, quickNeighbours, useHarness, type Harness } from "./support";

const ADMIN = "moderator@example.com";
const h = useHarness({ config: { adminEmails: new Set([ADMIN]) } });

/** The bound on how long a stream may outlive its session. */
const ENDS_WITHIN_MS = 5000;

/** A second session of the same person, as a second browser's sign-in. */
async function secondSession(harness: Harness, userId: string) {
  return (await createSession(harness.db, userId, harness.clock.now())).token;
}

/** Ann's stream and a witness's (another session that stays), both past "connected". */
async function streams(annToken: string, witnessToken: string) {
  const ann = await listen(h.services, annToken);
  const witness = await listen(h.services, witnessToken);
  expect(await ann.next()).toEqual({ type: "connected" });
  expect(await witness.next()).toEqual({ type: "connected" });
  return { ann, witness };
}

/** The stream ends, refused as a call without a session is, and never yields the event posted after. */
async function expectEnded(stream: Awaited<ReturnType<typeof listen>>) {
  await expect(stream.next(ENDS_WITHIN_MS)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  await expect(stream.next(100)).rejects.toThrow("the stream ended");
}

describe("a live stream ends with its session", () => {
  it("signing out ends that session's stream before any later event, and the person's other session keeps its own", async () => {
    const [ann, bo] = await quickNeighbours(h, 2);
    const street = await groupWith(h, ann!, [bo!]);
    const { ann: signedOut, witness: otherBrowser } = await streams(ann!.token, await secondSession(h, ann!.user.id));

    await ann!.caller.auth.signOut();
    const after = await bo!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: h.inHours(24),
    });

    await expectEnded(signedOut);
    expect(await otherBrowser.next()).toEqual({ type: "request.created", requestId: after.id, groupId: street.id });
    expect(h.services.live.streamCount()).toBe(1);
    otherBrowser.stop();
  });

  it("changing the password ends the other sessions' streams and keeps the one that changed it", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    const street = await groupWith(h, ann, [bo]);
    const { ann: changing, witness: elsewhere } = await streams(ann.token, await secondSession(h, ann.user.id));

    await ann.caller.auth.updatePassword({ password: "a new horse battery", currentPassword: ann.password });
    const after = await bo.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: h.inHours(24),
    });

    await expectEnded(elsewhere);
    expect(await changing.next()).toEqual({ type: "request.created", requestId: after.id, groupId: street.id });
    changing.stop();
  });

  it("a suspension ends every stream of the suspended person", async () => {
    const admin = await h.signUpUser({ email: ADMIN });
    const [ann, bo] = await quickNeighbours(h, 2);
    const street = await groupWith(h, ann!, [bo!]);
    const { ann: first, witness: second } = await streams(ann!.token, await secondSession(h, ann!.user.id));
    const boLive = await listen(h.services, bo!.token);
    expect(await boLive.next()).toEqual({ type: "connected" });

    await admin.caller.admin.suspendUser({ id: ann!.user.id, reason: "Spam" });
    const after = await bo!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: h.inHours(24),
    });

    await expectEnded(first);
    await expectEnded(second);
    expect(await boLive.next()).toEqual({
      type: "request.created",
      requestId: after.id,
      groupId: street.id,
      mine: true,
    });
    boLive.stop();
  });

  it("deleting the account ends its streams", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    await groupWith(h, ann, [bo]);
    const { ann: deleted, witness: boLive } = await streams(ann.token, bo.token);

    await ann.caller.user.deleteAccount({ password: ann.password });

    await expectEnded(deleted);
    expect(h.services.live.streamCount()).toBe(1);
    boLive.stop();
  });

  it("a session that ends without a word (its row deleted behind the services, or expired) ends its stream within 5 seconds", async () => {
    const [ann, bo] = await quickNeighbours(h, 2);
    const { ann: removed, witness: expiring } = await streams(ann!.token, bo!.token);

    const started = Date.now();
    await h.db.delete(sessions).where(eq(sessions.userId, ann!.user.id));
    await expectEnded(removed);

    h.clock.advance(31 * 24 * 60 * 60 * 1000);
    await expectEnded(expiring);
    expect(Date.now() - started).toBeLessThan(2 * ENDS_WITHIN_MS);
  });
});
