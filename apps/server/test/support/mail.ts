import { deliverDueEmails, silentLogger } from "@hyn/core";
import type { TestApp } from "../test-app";

/** Delivers the outbox into the app's capturing transport until nothing is due. */
export async function deliverAllEmails(app: TestApp) {
  const deliver = () =>
    deliverDueEmails({
      db: app.db,
      clock: app.clock,
      logger: silentLogger,
      transport: app.transport,
      from: "hyn@example.com",
    });
  while ((await deliver()) > 0);
}

/** The links of the newest e-mail to `to`, after delivering what is due. */
export async function linksOfLatestMailTo(app: TestApp, to: string): Promise<string[]> {
  await deliverAllEmails(app);
  const mail = app.transport.sent.filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  return mail.links;
}
