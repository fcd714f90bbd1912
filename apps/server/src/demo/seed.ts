import { hashPassword, DAY_MS, HOUR_MS } from "@hyn/core";
import {
  groupMembers,
  groups,
  invites,
  requests,
  userEmailPreferences,
  userLimits,
  users,
  type Database,
} from "@hyn/db";
import { generateToken, hashToken } from "@hyn/core";

/** PRODUCT "Beyond the screens" (Demo mode): two sample users. Their password is printed at start and shown on the login page. */
export const DEMO_PASSWORD = "neighbourly-demo";
export const DEMO_ACCOUNTS = [
  { name: "Alex Rivera", email: "alex@demo.helpyourneighbor.app", password: DEMO_PASSWORD },
  { name: "Sam Okafor", email: "sam@demo.helpyourneighbor.app", password: DEMO_PASSWORD },
] as const;

/** Fills a fresh database so that every screen has something to show. */
export async function seedDemo(db: Database, now = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const ahead = (ms: number) => new Date(now.getTime() + ms);

  const [alex, sam, jo] = await db
    .insert(users)
    .values([
      {
        email: DEMO_ACCOUNTS[0].email,
        name: DEMO_ACCOUNTS[0].name,
        passwordHash,
        generalArea: "Elm Street",
        phone: "+1 555 010 2020",
        emailVerifiedAt: ago(30 * DAY_MS),
        lastActiveAt: now,
        createdAt: ago(30 * DAY_MS),
        isAdmin: true,
      },
      {
        email: DEMO_ACCOUNTS[1].email,
        name: DEMO_ACCOUNTS[1].name,
        passwordHash,
        generalArea: "Oak Close",
        emailVerifiedAt: ago(20 * DAY_MS),
        lastActiveAt: ago(DAY_MS),
        createdAt: ago(20 * DAY_MS),
      },
      {
        email: "jo@demo.helpyourneighbor.app",
        name: "Jo Lindqvist",
        passwordHash,
        generalArea: "Birch Lane",
        emailVerifiedAt: ago(10 * DAY_MS),
        createdAt: ago(10 * DAY_MS),
      },
    ])
    .returning({ id: users.id });
  const people = [alex!, sam!, jo!];
  await db.insert(userLimits).values(people.map((p) => ({ userId: p.id })));
  await db
    .insert(userEmailPreferences)
    .values([
      { userId: alex!.id, frequency: "daily" as const, lastDailySent: ago(HOUR_MS * 20) },
      { userId: sam!.id, frequency: "immediate" as const },
      { userId: jo!.id },
    ]);

  const [street, allotment] = await db
    .insert(groups)
    .values([
      { name: "Elm Street Neighbours", createdBy: alex!.id, createdAt: ago(29 * DAY_MS) },
      { name: "Community Allotment", createdBy: sam!.id, createdAt: ago(15 * DAY_MS) },
    ])
    .returning({ id: groups.id });
  await db.insert(groupMembers).values([
    { groupId: street!.id, userId: alex!.id, joinedAt: ago(29 * DAY_MS) },
    { groupId: street!.id, userId: sam!.id, joinedAt: ago(19 * DAY_MS) },
    { groupId: street!.id, userId: jo!.id, joinedAt: ago(9 * DAY_MS) },
    { groupId: allotment!.id, userId: sam!.id, joinedAt: ago(15 * DAY_MS) },
  ]);

  const base = { groupId: street!.id };
  await db.insert(requests).values([
    {
      ...base,
      userId: sam!.id,
      itemDescription: "Oat milk (2 litres)",
      storePreference: "Corner shop",
      pickupNotes: "Leave by the blue door",
      neededBy: ahead(2 * DAY_MS),
      createdAt: ago(3 * HOUR_MS),
    },
    {
      ...base,
      userId: jo!.id,
      itemDescription: "Paracetamol",
      storePreference: "Pharmacy on High St",
      neededBy: ahead(DAY_MS),
      createdAt: ago(5 * HOUR_MS),
    },
    {
      ...base,
      userId: alex!.id,
      itemDescription: "Birthday candles",
      pickupNotes: "Any colour",
      neededBy: ahead(3 * DAY_MS),
      createdAt: ago(DAY_MS),
    },
    {
      ...base,
      userId: alex!.id,
      itemDescription: "Bag of compost",
      storePreference: "Garden centre",
      neededBy: ahead(4 * DAY_MS),
      status: "claimed" as const,
      claimedBy: sam!.id,
      claimedAt: ago(2 * HOUR_MS),
      createdAt: ago(DAY_MS),
    },
    {
      ...base,
      userId: sam!.id,
      itemDescription: "Printer paper",
      neededBy: ago(2 * DAY_MS),
      status: "fulfilled" as const,
      claimedBy: alex!.id,
      claimedAt: ago(4 * DAY_MS),
      fulfilledAt: ago(3 * DAY_MS),
      createdAt: ago(5 * DAY_MS),
    },
    {
      ...base,
      userId: jo!.id,
      itemDescription: "Light bulbs (E27)",
      neededBy: ago(DAY_MS),
      createdAt: ago(4 * DAY_MS),
    },
  ]);

  // A pending invitation from Sam's allotment group to Alex, so the incoming panel has something to show.
  await db.insert(invites).values({
    groupId: allotment!.id,
    email: DEMO_ACCOUNTS[0].email,
    tokenHash: hashToken(generateToken()),
    invitedBy: sam!.id,
    expiresAt: ahead(6 * DAY_MS),
    createdAt: ago(DAY_MS),
  });
}
