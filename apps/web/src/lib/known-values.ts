/**
 * Whether a value from the server is one this build knows. During an upgrade a page or an installed app
 * of the previous release reads a newer server's answers (issue 40): a notification kind, a status or a
 * choice added since is shown as unknown (left out, or said generically), never looked up blindly.
 */
export function isKnown<T extends string>(known: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (known as readonly string[]).includes(value);
}
