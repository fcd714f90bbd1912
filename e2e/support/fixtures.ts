import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { Mailbox } from "./mailbox";
import { createConfirmedUser, createGroupWith, signInWithCookie, watchConsole, type ApiUser } from "./people";

/** Another person's browser: its own context (cookies, storage), its page, and that page's console errors. */
export interface SecondPerson {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

interface Fixtures {
  mailbox: Mailbox;
  /** Fails the test on a console error of its page the app did not expect. */
  consoleErrors: string[];
  /** An account confirmed through its e-mail, made through the REST API; `email` for a fixed address. */
  confirmedUser: (name: string, email?: string) => Promise<ApiUser>;
  /** The test's page, signed in as `user`. */
  signedInPage: (user: ApiUser) => Promise<Page>;
  /**
   * A second person's browser (signed in as `user` when given), closed after the test; its console
   * errors fail the test as the first page's do, unless `watch` is false (a spec that does not judge them).
   */
  secondPerson: (options?: { user?: ApiUser; watch?: boolean }) => Promise<SecondPerson>;
  /** A group owned by `owner` that `members` joined through their invitations; its id. */
  groupWith: (owner: ApiUser, name: string, members: ApiUser[]) => Promise<string>;
}

/** The secondPerson fixture, for a spec's helper that opens browsers of its own. */
export type OpenSecondPerson = Fixtures["secondPerson"];

export const test = base.extend<Fixtures>({
  mailbox: async ({ baseURL }, use) => {
    await use(new Mailbox(baseURL!));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page);
      await use(errors);
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
  confirmedUser: async ({ baseURL, mailbox }, use) => {
    await use((name, email) => createConfirmedUser(baseURL!, mailbox, name, email));
  },
  signedInPage: async ({ page, baseURL }, use) => {
    await use(async (user) => {
      await signInWithCookie(page, baseURL!, user);
      return page;
    });
  },
  secondPerson: async ({ browser, baseURL }, use) => {
    const people: { person: SecondPerson; watch: boolean }[] = [];
    await use(async ({ user, watch = true } = {}) => {
      const context = await browser.newContext({ baseURL });
      if (user) await signInWithCookie(context, baseURL!, user);
      const page = await context.newPage();
      const person = { context, page, errors: watch ? watchConsole(page) : [] };
      people.push({ person, watch });
      return person;
    });
    for (const { person } of people) await person.context.close().catch(() => undefined);
    for (const { person, watch } of people)
      if (watch) expect(person.errors, "unexpected console errors of a second person").toEqual([]);
  },
  groupWith: async ({ baseURL }, use) => {
    await use((owner, name, members) => createGroupWith(baseURL!, owner, name, members));
  },
});

export { expect };
