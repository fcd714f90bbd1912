/**
 * Issue 24: control characters never reach the database, and line breaks only in fields of several
 * lines (pickup notes, a feedback message); passwords, tokens and keys are taken exactly as sent.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { signInInput, signUpInput, updateProfileInput } from "./accounts";
import { feedbackInput } from "./feedback";
import { createGroupInput } from "./groups";
import { messages } from "./messages";
import { addOfflineMemberInput } from "./offline-members";
import { pushSubscriptionInput } from "./push";
import { createRequestInput } from "./requests";
import { multiLineText, oneLineText } from "./text";

const GROUP_ID = "0b5e4b9a-3c1d-4f2e-8a7b-9c0d1e2f3a4b";
const PUSH = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc",
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
};

/** Every text field a person writes: the schema, a valid body without it, and whether it keeps lines. */
const FIELDS: Array<{
  name: string;
  schema: z.ZodType;
  body: Record<string, unknown>;
  field: string;
  multiline: boolean;
}> = [
  {
    name: "sign-up name",
    schema: signUpInput,
    body: { email: "ann@example.com", password: "a-good-secret-1" },
    field: "name",
    multiline: false,
  },
  {
    name: "sign-up general area",
    schema: signUpInput,
    body: { email: "ann@example.com", password: "a-good-secret-1" },
    field: "generalArea",
    multiline: false,
  },
  {
    name: "profile name",
    schema: updateProfileInput,
    body: { phone: null, generalArea: null },
    field: "name",
    multiline: false,
  },
  {
    name: "profile general area",
    schema: updateProfileInput,
    body: { name: "Ann", phone: null },
    field: "generalArea",
    multiline: false,
  },
  { name: "group name", schema: createGroupInput, body: {}, field: "name", multiline: false },
  {
    name: "item description",
    schema: createRequestInput,
    body: { groupId: GROUP_ID, neededBy: "2030-01-01T10:00:00Z" },
    field: "itemDescription",
    multiline: false,
  },
  {
    name: "store preference",
    schema: createRequestInput,
    body: { groupId: GROUP_ID, itemDescription: "Milk", neededBy: "2030-01-01T10:00:00Z" },
    field: "storePreference",
    multiline: false,
  },
  {
    name: "pickup notes",
    schema: createRequestInput,
    body: { groupId: GROUP_ID, itemDescription: "Milk", neededBy: "2030-01-01T10:00:00Z" },
    field: "pickupNotes",
    multiline: true,
  },
  {
    name: "feedback name",
    schema: feedbackInput,
    body: { email: "ann@example.com", message: "Thanks" },
    field: "name",
    multiline: false,
  },
  {
    name: "feedback message",
    schema: feedbackInput,
    body: { email: "ann@example.com" },
    field: "message",
    multiline: true,
  },
  { name: "push device label", schema: pushSubscriptionInput, body: PUSH, field: "label", multiline: false },
  // A neighbour without the app (issue 42 §1).
  {
    name: "neighbour without the app's name",
    schema: addOfflineMemberInput,
    body: { groupId: GROUP_ID, phone: "020 7946 0000" },
    field: "name",
    multiline: false,
  },
  {
    name: "neighbour without the app's general area",
    schema: addOfflineMemberInput,
    body: { groupId: GROUP_ID, name: "Mrs. Okafor", phone: "020 7946 0000" },
    field: "generalArea",
    multiline: false,
  },
  {
    name: "how to reach a neighbour without the app",
    schema: addOfflineMemberInput,
    body: { groupId: GROUP_ID, name: "Mrs. Okafor", phone: "020 7946 0000" },
    field: "howToReach",
    multiline: false,
  },
];

const stored = (entry: (typeof FIELDS)[number], value: string) =>
  (entry.schema.parse({ ...entry.body, [entry.field]: value }) as Record<string, unknown>)[entry.field];

describe("text fields as stored", () => {
  it.each(FIELDS)("$name: a terminal escape sequence, a bell and other control characters are stripped", (entry) => {
    expect(stored(entry, "Ann\u001b[31m Lee\u0007\u0008\u007f\u009b")).toBe("Ann[31m Lee");
  });

  it.each(FIELDS.filter((entry) => !entry.multiline))(
    "$name: one line, so line breaks and tabs become spaces",
    (entry) => {
      expect(stored(entry, "Ann\nLee\r\nand\tBo\u2028too")).toBe("Ann Lee and Bo too");
    },
  );

  it.each(FIELDS.filter((entry) => entry.multiline))(
    "$name: several lines, kept as \\n, and a tab becomes a space",
    (entry) => {
      expect(stored(entry, "Ring twice\r\nSide door\rBlue\tgate\u2029Thanks")).toBe(
        "Ring twice\nSide door\nBlue gate\nThanks",
      );
    },
  );

  it("a name of nothing but control characters is a missing name", () => {
    expect(
      updateProfileInput.safeParse({ name: "\u001b\u0007", phone: null, generalArea: null }).error?.issues[0]?.message,
    ).toBe("Name is required");
  });
});

describe("a neighbour without the app (issue 42 §1)", () => {
  const add = (fields: Record<string, string>) =>
    addOfflineMemberInput.safeParse({ groupId: GROUP_ID, name: "Mrs. Okafor", phone: "020 7946 0000", ...fields });

  it("a phone's control characters are stripped before its format is checked", () => {
    expect(add({ phone: "020\u001b 7946\u0007 0000\u009b" }).data?.phone).toBe("020 7946 0000");
  });

  it("a real NUL in any of their fields is refused, as in every text", () => {
    for (const field of ["name", "phone", "generalArea", "howToReach"])
      expect(add({ [field]: "a\u0000b" }).error?.issues[0]?.message, field).toBe(messages.unsupportedCharacters);
  });

  it("a name or phone of nothing but control characters is missing", () => {
    expect(add({ name: "\u001b\u0007" }).error?.issues[0]?.message).toBe("Name is required");
    expect(add({ phone: "\u001b\u0007" }).error?.issues[0]?.message).toBe(messages.phoneRequired);
  });
});

describe("values taken exactly as sent", () => {
  it("a password keeps every character, so its owner can still sign in", () => {
    expect(signInInput.parse({ email: "ann@example.com", password: "pass\tword\u0001" }).password).toBe(
      "pass\tword\u0001",
    );
    expect(signUpInput.parse({ email: "ann@example.com", password: "new\u001bsecret" }).password).toBe(
      "new\u001bsecret",
    );
  });

  it("a push key is not quietly repaired", () => {
    expect(
      pushSubscriptionInput.safeParse({ ...PUSH, keys: { ...PUSH.keys, auth: `${"A".repeat(21)}\u0001A` } }).success,
    ).toBe(false);
  });
});

describe("the two cleaners", () => {
  it.each([
    ["plain", "plain", "plain"],
    ["a\u0000b", "ab", "ab"],
    ["a\u001b[0mb", "a[0mb", "a[0mb"],
    ["a\r\n\r\nb", "a  b", "a\n\nb"],
    ["a\u000b\u000c\u0085b", "a   b", "a\n\n\nb"],
    ["tab\there", "tab here", "tab here"],
    ["émoji 👍🏽 ok", "émoji 👍🏽 ok", "émoji 👍🏽 ok"],
  ])("%j is %j on one line and %j on several", (input, one, multi) => {
    expect(oneLineText(input)).toBe(one);
    expect(multiLineText(input)).toBe(multi);
  });
});
