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
