/** Everything the e2e specs share: fixtures, the REST set-up, the mailbox, and the screens' common parts. */
export { expect, test, type OpenSecondPerson, type SecondPerson } from "./fixtures";
export { api, apiAnswer, E2E_PASSWORD, SESSION_COOKIE, type ApiAnswer } from "./api";
export { Mailbox, uniqueEmail, type MailboxEmail } from "./mailbox";
export {
  createConfirmedUser,
  createGroupWith,
  inviteAndJoin,
  signInWithCookie,
  signUpAndConfirm,
  watchConsole,
  type ApiUser,
} from "./people";
export { createRequest, type RequestFields } from "./requests";
export { daysFromNow, hoursFromNow, secondsFromNow } from "./time";
export { chooseLanguage, groupCard, localDateTime, requestCardOf, toast, untilTransitionsEnd } from "./ui";
export { screenshot, screenshots, SCREENSHOTS_DIR, TAKING_SCREENSHOTS, type LookOptions } from "./look";
