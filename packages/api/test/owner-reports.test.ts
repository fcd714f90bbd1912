/**
 * Issue 43: a group's owner sees and answers the reports about requests in their group (dismiss, remove the
 * request), besides admins; never a report about their own request nor about a person; and nobody else
 * may: the owner of another group, a member, a stranger.
 */
import { adminAudit, reports, requests } from "@hyn/db";
import { messages } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { failure, groupWith, useHarness } from "./support";

const h = useHarness();
const notFound = { code: "NOT_FOUND", message: messages.reportNotFound };

/** Olga owns Elm Street with Pat and Nell in it; Oscar owns another street; Sam is a stranger. */
async function street() {
  const [olga, pat, nell, oscar, sam] = await h.neighbours(
    "Olga Owner",
    "Pat Poster",
    "Nell Neighbour",
    "Oscar",
    "Sam",
  );
  const group = await groupWith(h, olga, [pat, nell], "Elm Street");
  await groupWith(h, oscar, [], "Oak Street");
  const request = await pat.caller.requests.create({
    groupId: group.id,
    itemDescription: "Buy followers cheap",
    neededBy: h.inHours(48),
  });
  const report = await nell.caller.reports.create({
    subject: { requestId: request.id },
    groupId: group.id,
    category: "spam",
    note: "An advert",
  });
  return { olga, pat, nell, oscar, sam, group, request, report };
}

describe("reports about a group, answered by its owner", () => {
  it("the owner sees what was reported and why (not who reported it), and nobody else does", async () => {
    const { olga, pat, nell, oscar, sam, group, request, report } = await street();
    expect(await olga.caller.reports.groupQueue()).toEqual([
      {
        id: report.id,
        category: "spam",
        note: "An advert",
        createdAt: report.createdAt,
        group: { id: group.id, name: "Elm Street" },
        request: { id: request.id, itemDescription: "Buy followers cheap", status: "open", authorName: "Pat Poster" },
      },
    ]);
    for (const other of [pat, nell, oscar, sam]) expect(await other.caller.reports.groupQueue()).toEqual([]);
  });

  it("never shows the owner a report about their own request, nor about a person", async () => {
    const { olga, pat, group } = await street();
    const own = await olga.caller.requests.create({
      groupId: group.id,
      itemDescription: "Olga's",
      neededBy: h.inHours(48),
    });
    const aboutOwn = await pat.caller.reports.create({
      subject: { requestId: own.id },
      groupId: group.id,
      category: "spam",
    });
    const aboutPerson = await pat.caller.reports.create({
      subject: { userId: olga.user.id },
      groupId: group.id,
      category: "offensive",
    });
    expect((await olga.caller.reports.groupQueue()).map((r) => r.id)).not.toContain(aboutOwn.id);
    expect((await olga.caller.reports.groupQueue()).map((r) => r.id)).not.toContain(aboutPerson.id);
    expect(await failure(olga.caller.reports.dismissInGroup({ id: aboutOwn.id }))).toEqual(notFound);
    expect(await failure(olga.caller.reports.dismissInGroup({ id: aboutPerson.id }))).toEqual(notFound);
    expect(await failure(olga.caller.reports.removeInGroup({ reportId: aboutOwn.id }))).toEqual(notFound);
  });

  it("the owner of another group, a member and a stranger are refused; the owner dismisses, audited", async () => {
    const { olga, pat, nell, oscar, sam, report } = await street();
    for (const other of [oscar, pat, nell, sam]) {
      expect(await failure(other.caller.reports.dismissInGroup({ id: report.id }))).toEqual(notFound);
      expect(await failure(other.caller.reports.removeInGroup({ reportId: report.id }))).toEqual(notFound);
    }
    await olga.caller.reports.dismissInGroup({ id: report.id });
    const [row] = await h.db.select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({ status: "dismissed", resolvedBy: olga.user.id });
    expect(await h.db.select().from(adminAudit).where(eq(adminAudit.reportId, report.id))).toMatchObject([
      { action: "report_dismissed", adminId: olga.user.id },
    ]);
    expect(await olga.caller.reports.groupQueue()).toEqual([]);
    expect(await failure(olga.caller.reports.dismissInGroup({ id: report.id }))).toEqual(notFound);
  });

  it("the owner removes the reported request; its reports close", async () => {
    const { olga, oscar, request, report } = await street();
    expect(await failure(oscar.caller.reports.removeInGroup({ reportId: report.id }))).toEqual(notFound);
    await olga.caller.reports.removeInGroup({ reportId: report.id, reason: "An advert" });
    expect(await h.db.select().from(requests).where(eq(requests.id, request.id))).toEqual([]);
    const [row] = await h.db.select().from(reports).where(eq(reports.id, report.id));
    expect(row).toMatchObject({ status: "actioned", resolvedBy: olga.user.id });
    expect(await olga.caller.reports.groupQueue()).toEqual([]);
  });
});
