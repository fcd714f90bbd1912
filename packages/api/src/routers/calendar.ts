import { calendarFeedTokenInput, calendarFileOutput } from "@hyn/validators";
import { publicProcedure, router } from "../trpc";

export const calendarRouter = router({
  /**
   * A personal feed, by its token and without a session (calendar apps have none): what the token's
   * owner is helping with and their own open or claimed requests, still to come (issue 15).
   */
  feed: publicProcedure
    .meta({ rest: { method: "GET", path: "/calendar/:token.ics", answer: "calendar" }, secretInputs: ["token"] })
    .input(calendarFeedTokenInput)
    .output(calendarFileOutput)
    .query(({ ctx, input }) => ctx.services.calendar.feed(input.token, ctx.ip)),
});
