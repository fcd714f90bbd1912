import type { Locator, Page } from "@playwright/test";
import {
  createRequest,
  daysFromNow,
  expect,
  SCREENSHOTS_DIR,
  TAKING_SCREENSHOTS,
  test,
  toast,
  type Mailbox,
} from "./support";

/**
 * Issue 26 §2: the profile's Notifications say what is sent (PRODUCT "Beyond the screens" (Notification preferences)): on
 * Never, news of one's own requests still comes by e-mail and the switch says so; a group says what a
 * new request in it brings; a push switch sends nothing without a device and is not shown on; a
 * group's menu says Off once; every change is said in place, with no toast over the phone's buttons.
 */

const TEXTS = {
  en: {
    heading: "Notifications",
    never: "Never",
    groupSays: "No e-mail or push: you see its requests in the app.",
    options: ["As in my profile (Off)", "Immediate", "Daily", "Weekly"],
    updatesEmail: "E-mail: A neighbour claims, unclaims or fulfils my request",
    updatesPush: "Push: A neighbour claims, unclaims or fulfils my request",
    noDevice: /^Push: no device receives notifications yet/,
  },
  es: {
    heading: "Notificaciones",
    never: "Nunca",
    groupSays: "Ni correo ni push: ves sus peticiones en la app.",
    options: ["Como en mi perfil (Desactivado)", "Inmediato", "Diario", "Semanal"],
    updatesEmail: "Correo: Un vecino acepta, deja o completa mi petición",
    updatesPush: "Push: Un vecino acepta, deja o completa mi petición",
    noDevice: /^Push: ningún dispositivo recibe notificaciones todavía/,
  },
  de: {
    heading: "Benachrichtigungen",
    never: "Nie",
    groupSays: "Keine E-Mail, kein Push: Du siehst ihre Anfragen in der App.",
    options: ["Wie in meinem Profil (Aus)", "Sofort", "Täglich", "Wöchentlich"],
    updatesEmail: "E-Mail: Jemand aus der Nachbarschaft meine Anfrage übernimmt, abgibt oder erledigt",
    updatesPush: "Push: Jemand aus der Nachbarschaft meine Anfrage übernimmt, abgibt oder erledigt",
    noDevice: /^Push: Noch kein Gerät empfängt Benachrichtigungen/,
  },
} as const;

/** The section alone (the sticky bar held in place, so it does not cover the section's top in the picture). */
async function shoot(page: Page, what: Locator, name: string) {
  if (!TAKING_SCREENSHOTS) return;
  const bars = page.locator(".topbar, .app-banners");
  await bars.evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.position = "static")));
  await what.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png` });
  await bars.evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.position = "")));
}

function section(page: Page, heading: string) {
  return page.getByRole("region", { name: heading });
}

async function waitForSubject(mailbox: Mailbox, to: string, subject: RegExp) {
  await expect
    .poll(async () => (await mailbox.all(to)).map((e) => e.subject), { timeout: 15_000 })
    .toContainEqual(expect.stringMatching(subject));
}

test("the profile's notifications say what is sent, at 390 px in light and dark, in English, Spanish and German", async ({
  page,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Olive");
  const member = await confirmedUser("Milo");
  await groupWith(owner, "Elm Street", [member]);
  await signedInPage(member);

  for (const locale of ["en", "es", "de"] as const) {
    const text = TEXTS[locale];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/profile#notifications");
    // Picked on the profile, as a person would.
    await page
      .getByRole("combobox", { name: /^(Language|Idioma|Sprache)$/ })
      .first()
      .selectOption(locale);
    const notifications = section(page, text.heading);
    await expect(notifications.getByRole("radio", { name: text.never })).toBeChecked();
    const elm = notifications.getByLabel("Elm Street");
    await expect(elm.locator("option")).toHaveText([...text.options]);
    await expect(notifications.getByRole("listitem").filter({ hasText: "Elm Street" })).toContainText(text.groupSays);
    // On Never, news of my requests still comes by e-mail: its switch is on, and it is the rule.
    await expect(notifications.getByRole("switch", { name: text.updatesEmail })).toBeChecked();
    const push = notifications.getByRole("switch", { name: text.updatesPush });
    await expect(push).not.toBeChecked();
    await expect(push).toBeDisabled();
    await expect(push).toHaveAccessibleDescription(text.noDevice);

    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await shoot(page, notifications, `profile-notifications-${locale}-${theme}-390`);
    }
    await page.emulateMedia({ colorScheme: "light" });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, section(page, TEXTS.de.heading), "profile-notifications-de-light-1280");
});

function notifications(page: Page) {
  return section(page, "Notifications");
}

test("on a phone, choosing Immediate says in place what a group now brings, and that is what is sent", async ({
  page,
  baseURL,
  mailbox,
  confirmedUser,
  signedInPage,
  groupWith,
}) => {
  const owner = await confirmedUser("Olive");
  const member = await confirmedUser("Milo");
  const elm = await groupWith(owner, "Elm Street", [member]);
  await signedInPage(member);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile#notifications");
  const section = notifications(page);

  await section.getByRole("radio", { name: "Immediate Notifications" }).check();
  // Kept until Save Preferences, in the bar at the bottom of the phone's screen; said there, no toast over it.
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByTestId("profile-save-bar").getByRole("status")).toHaveText(
    /Your email preferences are saved\./,
  );
  await expect(toast(page, /saved/i)).toHaveCount(0);
  const elmSays = section.getByRole("listitem").filter({ hasText: "Elm Street" });
  await expect(elmSays).toContainText("An e-mail as soon as a request is posted.");
  // Now a group is on Immediate, the menu offers Immediate once, as the profile's choice.
  await expect(section.getByLabel("Elm Street").locator("option")).toHaveText([
    "As in my profile (Immediate)",
    "Daily",
    "Weekly",
    "Off",
  ]);
  await shoot(page, section, "profile-notifications-immediate-390");

  await createRequest(baseURL!, owner, { groupId: elm, itemDescription: "Oat milk", neededBy: daysFromNow(3) });
  await waitForSubject(mailbox, member.email, /^New request in Elm Street: Oat milk$/);

  // The e-mail switch for new requests off: the group says nothing comes, and nothing does.
  await section.getByRole("switch", { name: "E-mail: New requests in my groups" }).click();
  await expect(elmSays).toContainText(
    "No e-mail or push: new-request e-mails are off, and no device of yours receives push.",
  );
  await expect(toast(page, /Saved|off/)).toHaveCount(0);
});
