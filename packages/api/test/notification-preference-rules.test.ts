import { channelsFor, newRequestRecipients, setGroupFrequency, setKindChannels } from "@hyn/core";
import { pushSubscriptions } from "@hyn/db";
import { describe, expect, it } from "vitest";
import { useHarness, groupWith } from "./support";

const h = useHarness();

const ids = (rows: { userId: string }[]) => rows.map((r) => r.userId).sort();

describe("who hears of a new request at once", () => {
  it("follows the profile's frequency unless the group overrides it, and never tells the poster", async () => {
    const poster = await h.signUpUser({ name: "Poster", frequency: "immediate" });
    const eager = await h.signUpUser({ name: "Eager", frequency: "immediate" });
    const muted = await h.signUpUser({ name: "Muted", frequency: "immediate" });
    const quiet = await h.signUpUser({ name: "Quiet", frequency: "disabled" });
    const keen = await h.signUpUser({ name: "Keen here", frequency: "disabled" });
    const street = await groupWith(h, poster, [eager, muted, quiet, keen]);
    const now = h.clock.now();
    expect(await setGroupFrequency(h.db, muted.user.id, street.id, "off", now)).toBe(true);
    expect(await setGroupFrequency(h.db, keen.user.id, street.id, "immediate", now)).toBe(true);

    expect(ids(await newRequestRecipients(h.db, street.id, poster.user.id))).toEqual(
      ids([eager.user, keen.user].map((u) => ({ userId: u.id }))),
    );

    // Back to the profile's choice.
    expect(await setGroupFrequency(h.db, muted.user.id, street.id, null, now)).toBe(true);
    expect(ids(await newRequestRecipients(h.db, street.id, poster.user.id))).toContain(muted.user.id);
  });

  it("reports each channel, and leaves out a member with both off, or with only push on and no device", async () => {
    const poster = await h.signUpUser({ name: "Poster", frequency: "immediate" });
    const pushOnly = await h.signUpUser({ name: "Push only", frequency: "immediate" });
    const none = await h.signUpUser({ name: "None", frequency: "immediate" });
    const noDevice = await h.signUpUser({ name: "No device", frequency: "immediate" });
    const street = await groupWith(h, poster, [pushOnly, none, noDevice]);
    const now = h.clock.now();
    await h.db.insert(pushSubscriptions).values({
      userId: pushOnly.user.id,
      endpoint: "https://push.example.net/rules/1",
      p256dh: "p256dh",
      auth: "auth",
      label: "Test browser",
      createdAt: now,
      updatedAt: now,
    });
    await setKindChannels(h.db, pushOnly.user.id, "new_requests", { email: false }, now);
    await setKindChannels(h.db, noDevice.user.id, "new_requests", { email: false }, now);
    await setKindChannels(h.db, none.user.id, "new_requests", { email: false }, now);
    await setKindChannels(h.db, none.user.id, "new_requests", { push: false }, now);

    expect(await newRequestRecipients(h.db, street.id, poster.user.id)).toEqual([
      { userId: pushOnly.user.id, email: pushOnly.email, locale: "en", channels: { email: false, push: true } },
    ]);
    expect(await channelsFor(h.db, none.user.id, "new_requests")).toEqual({ email: false, push: false });
    expect(await channelsFor(h.db, none.user.id, "thanks")).toEqual({ email: true, push: true });
  });

  it("keeps no setting for a group the person is not in", async () => {
    const owner = await h.signUpUser({ name: "Owner", frequency: "immediate" });
    const stranger = await h.signUpUser({ name: "Stranger", frequency: "immediate" });
    const street = await groupWith(h, owner);
    expect(await setGroupFrequency(h.db, stranger.user.id, street.id, "daily", h.clock.now())).toBe(false);
    expect(await setGroupFrequency(h.db, stranger.user.id, street.id, null, h.clock.now())).toBe(false);
  });
});
