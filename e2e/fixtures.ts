import { test as base, expect, type Page } from "@playwright/test";

export interface MailboxEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Reads e-mails the way a person would: from the app's dev mailbox, never from the database. */
export class Mailbox {
  constructor(private readonly baseURL: string) {}

  async all(to: string): Promise<MailboxEmail[]> {
    const response = await fetch(`${this.baseURL}/dev/mailbox?to=${encodeURIComponent(to)}`);
    const body = (await response.json()) as { emails: MailboxEmail[] };
    return body.emails;
  }

  /** Waits for the newest e-mail to `to` with a link matching `pattern`, and returns that link. */
  async waitForLink(to: string, pattern: RegExp, options: { after?: number } = {}): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const emails = await this.all(to);
      const fresh = emails.slice(0, Math.max(0, emails.length - (options.after ?? 0)));
      const link = fresh.flatMap((e) => e.links).find((l) => pattern.test(l));
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with a link matching ${pattern}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

let counter = 0;
export function uniqueEmail(prefix = "neighbour"): string {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Signs up through the UI, confirms through the e-mailed link, and lands signed in. */
export async function signUpAndConfirm(page: Page, mailbox: Mailbox, options: { email?: string; password?: string; name?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "neighbourly-secret-42";
  await page.goto("/signup");
  if (options.name) await page.getByLabel("Name (optional)").fill(options.name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  const link = await mailbox.waitForLink(email, /type=signup/);
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  return { email, password };
}

/** Fails a test on a console error the app did not expect (HTTP 4xx answers are expected and shown). */
export const test = base.extend<{ mailbox: Mailbox; consoleErrors: string[] }>({
  mailbox: async ({ baseURL }, use) => {
    await use(new Mailbox(baseURL!));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
        errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
