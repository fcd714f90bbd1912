/**
 * Issue 19: every e-mail, calendar entry and push goes out in its recipient's language (users.locale:
 * set at sign-up from Accept-Language, then by the person's pick); an invitation to an address with no
 * account reads in the inviter's. English is covered, word for word, by the other tests.
 */
import { latestDigestSlot, PUSH_DELIVERY_QUEUE, type PushJob } from "@hyn/core";
import { emailOutbox } from "@hyn/db";
import { AUTH_LINK_VALIDITY_HOURS, INVITE_VALIDITY_DAYS, type Locale } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  groupWith,
  useHarness,
  type CapturedEmail,
  type Neighbour,
  parseCalendar,
  browserSubscription,
  RecordingJobQueue,
  startLocalPushService,
} from "./support";

const h = useHarness({ config: { timeZone: "Europe/Berlin" }, startsAt: new Date("2026-06-01T10:00:00Z") });
/** 4 June 2026, 15:00 in Berlin: how each language writes it in e-mails. */
const neededBy = () => new Date("2026-06-04T13:00:00Z");

/** Signs up in `locale` (the sign-up's Accept-Language), and a caller that sees the account as it now is. */
async function neighbourIn(locale: Locale, name: string): Promise<Neighbour> {
  const someone = await h.signUpUser({ name, locale });
  return { ...someone, caller: await h.caller(someone.token) };
}

/** Picks a language after sign-up, as the footer's switcher does. */
async function switchTo(who: Neighbour, locale: Locale): Promise<Neighbour> {
  await who.caller.user.updateLocale({ locale });
  return { ...who, caller: await h.caller(who.token) };
}

async function mailTo(who: { email: string }, subject: RegExp): Promise<CapturedEmail> {
  await h.deliver();
  const found = h.inbox(who.email).filter((m) => subject.test(m.subject));
  expect(
    found,
    `e-mails to ${who.email}: ${h
      .inbox(who.email)
      .map((m) => m.subject)
      .join(" | ")}`,
  ).toHaveLength(1);
  return found[0]!;
}

/** The RFC 8058 footer: the unsubscribe and preferences links, named in the reader's language. */
function expectFooter(mail: CapturedEmail, unsubscribe: string, manage: string) {
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.text).toMatch(new RegExp(`${unsubscribe}: http://localhost:3000/unsubscribe/[A-Za-z0-9_-]+`));
  expect(mail.text).toContain(`${manage}: http://localhost:3000/profile#notifications`);
  expect(mail.html).toContain(`>${unsubscribe}</a>`);
  expect(mail.html).toContain(`>${manage}</a>`);
}

async function milkIn(requester: Neighbour, members: Neighbour[]) {
  const group = await groupWith(h, requester, members, "Elm Street");
  return requester.caller.requests.create({
    itemDescription: "Two pints of milk",
    groupId: group.id,
    neededBy: neededBy(),
    storePreference: "Corner shop",
  });
}

describe("account e-mails", () => {
  it("confirms a Spanish sign-up in Spanish", async () => {
    const ana = await neighbourIn("es", "Ana");
    const [mail] = h.inbox(ana.email);
    expect(mail!.subject).toBe("Confirma tu cuenta de Help Your Neighbor");
    expect(mail!.text).toContain("¡Te damos la bienvenida a Help Your Neighbor!");
    expect(mail!.text).toContain(`Confirmar mi correo: http://localhost:3000/auth/callback?token_hash=`);
    expect(mail!.text).toContain(`Este enlace caduca en ${AUTH_LINK_VALIDITY_HOURS} horas.`);
    expect(mail!.html).toContain('<html lang="es">');
    expect(mail!.html).toContain("O pega este enlace en tu navegador:");
  });

  it("resets a German account's password in German", async () => {
    const jonas = await switchTo(await h.signUpUser({ name: "Jonas" }), "de");
    await (await h.caller()).auth.requestPasswordReset({ email: jonas.email });
    const mail = await mailTo(jonas, /Passwort/);
    expect(mail.subject).toBe("Setze dein Passwort bei Help Your Neighbor zurück");
    expect(mail.text).toContain("Passwort zurücksetzen: http://localhost:3000/auth/callback?token_hash=");
    expect(mail.text).toContain(
      `Dieser Link ist ${AUTH_LINK_VALIDITY_HOURS} Stunden gültig und funktioniert nur einmal.`,
    );
  });

  it("forwards feedback to the admin in their account's language", async () => {
    await h.restart({ config: { feedbackTo: "admin@example.com" } });
    await switchTo(await h.signUpUser({ name: "Admin", email: "admin@example.com" }), "de");
    await (await h.caller()).feedback.send({ email: "fan@example.com", message: "Love it", name: "Fan" });
    const mail = await mailTo({ email: "admin@example.com" }, /Feedback/);
    expect(mail.subject).toBe("[Help Your Neighbor-Feedback] Allgemein");
    expect(mail.text).toContain("Von: Fan <fan@example.com>");
    expect(mail.text).toContain("Betreff: (keiner)");
  });
});

describe("invitations", () => {
  it("reach an account in its language, and a new address in the inviter's", async () => {
    const olga = await neighbourIn("es", "Olga");
    const group = await groupWith(h, olga, [], "Birch Close");
    const jonas = await switchTo(await h.signUpUser({ name: "Jonas" }), "de");

    await olga.caller.invitations.create({ groupId: group.id, email: jonas.email });
    const german = await mailTo(jonas, /Birch Close/);
    expect(german.subject).toBe("Olga hat dich zur Gruppe „Birch Close“ bei Help Your Neighbor eingeladen");
    expect(german.text).toContain("Birch Close beitreten: http://localhost:3000/invite/");

    await olga.caller.invitations.create({ groupId: group.id, email: "new@example.com" });
    const spanish = await mailTo({ email: "new@example.com" }, /Birch Close/);
    expect(spanish.subject).toBe("Olga te ha invitado a unirte a «Birch Close» en Help Your Neighbor");
    expect(spanish.text).toContain(`Esta invitación caduca en ${INVITE_VALIDITY_DAYS} días.`);
  });
});

describe("notices about a request", () => {
  it("tell each member of a new request in their own language, with the date and the footer in it", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const ana = await neighbourIn("es", "Ana");
    const jonas = await neighbourIn("de", "Jonas");
    for (const who of [ana, jonas]) await who.caller.user.updateEmailPreferences({ frequency: "immediate" });
    await milkIn(ann, [ana, jonas]);

    const spanish = await mailTo(ana, /Two pints/);
    expect(spanish.subject).toBe("Nueva solicitud en Elm Street: Two pints of milk");
    expect(spanish.text).toContain("Ann ha pedido ayuda en Elm Street:");
    expect(spanish.text).toContain("Se necesita para: jue, 4 jun 2026, 15:00 (Europe/Berlin)");
    expect(spanish.text).toContain("Tienda preferida: Corner shop");
    expect(spanish.text).toContain("Puedo ayudar: http://localhost:3000/requests/");
    expectFooter(spanish, "Darse de baja", "Gestionar notificaciones");

    const german = await mailTo(jonas, /Two pints/);
    expect(german.subject).toBe("Neue Anfrage in Elm Street: Two pints of milk");
    expect(german.text).toContain("Benötigt bis: Do., 4. Juni 2026, 15:00 (Europe/Berlin)");
    expectFooter(german, "Abbestellen", "Benachrichtigungen verwalten");
  });

  it("tell a German requester of a claim, and a Spanish helper of the claim's confirmation and the thanks", async () => {
    const jonas = await neighbourIn("de", "Jonas");
    const ana = await neighbourIn("es", "Ana");
    const milk = await milkIn(jonas, [ana]);

    await ana.caller.requests.claim({ id: milk.id });
    // Read before delivery, which empties a sent e-mail's bodies and attachments.
    const [outboxRow] = await h.db.select().from(emailOutbox).where(eq(emailOutbox.emailType, "claim_confirmation"));
    const claimed = await mailTo(jonas, /Ana/);
    expect(claimed.subject).toBe("Ana hilft dir bei deiner Anfrage: Two pints of milk");
    expect(claimed.text).toContain("Gruppe: Elm Street");
    expectFooter(claimed, "Abbestellen", "Benachrichtigungen verwalten");

    const confirmation = await mailTo(ana, /^Vas a ayudar/);
    expect(confirmation.subject).toBe("Vas a ayudar a Jonas con Two pints of milk");
    expect(confirmation.text).toContain("Se necesita para: jue, 4 jun 2026, 15:00 (Europe/Berlin)");
    expectFooter(confirmation, "Darse de baja", "Gestionar notificaciones");
    // The attached calendar entry is written in the helper's language too.
    const [event] = parseCalendar(outboxRow!.attachments[0]!.content).events;
    expect(event!.summary).toBe("Ayudar a Jonas con Two pints of milk");

    await ana.caller.requests.fulfill({ id: milk.id });
    await jonas.caller.requests.thank({ id: milk.id });
    const thanks = await mailTo(ana, /gracias/);
    expect(thanks.subject).toBe("Jonas te ha dado las gracias por ayudar con Two pints of milk");
    expectFooter(thanks, "Darse de baja", "Gestionar notificaciones");
  });

  it("send the daily summary in the member's language", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const jonas = await neighbourIn("de", "Jonas");
    await jonas.caller.user.updateEmailPreferences({ frequency: "daily" });
    await milkIn(ann, [jonas]);
    h.clock.set(new Date("2026-06-02T08:00:30Z"));
    await h.services.notifications.runDailyDigest({
      slot: latestDigestSlot(h.clock.now(), { hour: 8, timeZone: "UTC" }),
    });
    const digest = await mailTo(jonas, /neue Anfrage/);
    expect(digest.subject).toBe("1 neue Anfrage in deinen Gruppen bei Help Your Neighbor");
    expect(digest.text).toContain(
      "Hier ist die Anfrage, die deine Nachbarn seit deiner letzten Zusammenfassung gestellt haben:",
    );
    expect(digest.text).toContain(
      "• Two pints of milk — Ann in Elm Street, benötigt bis Do., 4. Juni 2026, 15:00 (Europe/Berlin).",
    );
    expectFooter(digest, "Abbestellen", "Benachrichtigungen verwalten");
  });

  it("remind a Spanish helper and a German requester in their languages", async () => {
    const jonas = await neighbourIn("de", "Jonas");
    const ana = await neighbourIn("es", "Ana");
    const group = await groupWith(h, jonas, [ana], "Elm Street");
    const milk = await jonas.caller.requests.create({
      itemDescription: "Two pints of milk",
      groupId: group.id,
      neededBy: h.inHours(72),
    });
    const bread = await jonas.caller.requests.create({
      itemDescription: "Bread",
      groupId: group.id,
      neededBy: h.inHours(72),
    });
    await ana.caller.requests.claim({ id: milk.id });

    h.clock.set(h.inHours(70));
    await h.runDueJobs();
    const helper = await mailTo(ana, /^Recordatorio/);
    expect(helper.subject).toMatch(
      /^Recordatorio: Jonas necesita Two pints of milk para el jue, 4 jun 2026, \d\d:00 \(Europe\/Berlin\)$/,
    );
    expectFooter(helper, "Darse de baja", "Gestionar notificaciones");
    const requester = await mailTo(jonas, /Bread/);
    expect(requester.subject).toBe("Noch hat niemand angeboten, bei Bread zu helfen");
    expect(requester.text).toContain("Öffne die Anfrage und tippe auf „Gruppe benachrichtigen“");
    expect(bread.id).toBeTruthy();
  });
});

describe("calendar files", () => {
  it("name the event in the reader's language: a download in German, the feed in Spanish", async () => {
    const ann = await h.signUpUser({ name: "Ann" });
    const jonas = await neighbourIn("de", "Jonas");
    const milk = await milkIn(ann, [jonas]);
    await jonas.caller.requests.claim({ id: milk.id });

    const [download] = parseCalendar((await jonas.caller.requests.calendar({ id: milk.id })).content).events;
    expect(download!.summary).toBe("Ann helfen: Two pints of milk");
    expect(download!.description).toContain(
      "Gruppe: Elm Street\nAngefragt von: Ann\nHilfe von: Jonas\nBevorzugtes Geschäft: Corner shop",
    );

    const ana = await switchTo(jonas, "es");
    const { url } = await ana.caller.user.calendarFeed();
    const token = url
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    const [fromFeed] = parseCalendar((await h.services.calendar.feed(token, "127.0.0.1")).content).events;
    expect(fromFeed!.summary).toBe("Ayudar a Ann con Two pints of milk");
  });
});

describe("push notifications", () => {
  it("are written in each device owner's language: one Spanish, one German, of the same new request", async () => {
    const queue = new RecordingJobQueue(PUSH_DELIVERY_QUEUE);
    const service = await startLocalPushService();
    try {
      await h.restart({ jobs: queue });
      const ann = await h.signUpUser({ name: "Ann" });
      const ana = await neighbourIn("es", "Ana");
      const jonas = await neighbourIn("de", "Jonas");
      for (const who of [ana, jonas]) {
        await who.caller.user.updateEmailPreferences({ frequency: "immediate" });
        await who.caller.push.subscribe({
          ...browserSubscription(`${service.origin}/push/${who.user.id}`).json,
          label: "Phone",
        });
      }
      await milkIn(ann, [ana, jonas]);
      const payloads = new Map(queue.take<PushJob>().map((job) => [job.userId, job.payload]));
      expect(payloads.get(ana.user.id)).toMatchObject({
        kind: "new_requests",
        title: "Nueva solicitud en Elm Street",
        // Ann's first request in the group says so (issue 41 §3).
        body: "Primera solicitud de Ann: Two pints of milk",
      });
      expect(payloads.get(jonas.user.id)).toMatchObject({
        title: "Neue Anfrage in Elm Street",
        body: "Erste Anfrage von Ann: Two pints of milk",
      });
    } finally {
      await service.close();
    }
  });
});
