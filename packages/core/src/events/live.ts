import { groupMembers } from "@hyn/db";
import type { RequestEventMessage } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { blockedEitherWay } from "../shared/blocks";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import type { EventBus } from "./bus";
import type { LiveEvent } from "./types";

/** A subscriber that stops reading is cut off rather than allowed to grow memory without bound. */
const MAX_QUEUED_PER_STREAM = 100;

/**
 * How often an instance checks its streams' sessions, in one read: the backstop for a session that
 * ended without the notice (expired, a notice lost with the LISTEN connection, a row deleted by hand),
 * so no stream outlives its session by more than this and a read.
 */
const SESSION_RECHECK_MS = 3_000;

/** Of the given session ids, those still usable (accounts/sessions.ts's rule, passed in by services.ts). */
export type UsableSessions = (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;

interface Stream {
  userId: string;
  sessionId: string;
  /** The people with a block between them and the user, either way; null until first read. */
  blocked: Set<string> | null;
  /** Bumped by each read of `blocked`: only the latest read's answer is kept. */
  blockReads: number;
  push(message: RequestEventMessage): void;
  /** `sessionEnded`: the stream fails as a call without a session would, so the page does not reconnect. */
  end(reason?: "sessionEnded"): void;
}

/**
 * One stream's bounded queue: the `Stream` the dispatcher pushes to and ends, the messages waiting,
 * whether (and why) it ended, and `nextChange`, which resolves at the next push or end.
 */
function queuedStream(userId: string, sessionId: string) {
  const queue: RequestEventMessage[] = [];
  const state = { ended: false, sessionEnded: false };
  let wake: (() => void) | null = null;
  const stream: Stream = {
    userId,
    sessionId,
    blocked: null,
    blockReads: 0,
    push(message) {
      if (queue.length >= MAX_QUEUED_PER_STREAM) {
        state.ended = true;
      } else {
        queue.push(message);
      }
      wake?.();
    },
    end(reason) {
      state.ended = true;
      if (reason === "sessionEnded") state.sessionEnded = true;
      wake?.();
    },
  };
  const nextChange = () =>
    new Promise<void>((resolve) => {
      wake = () => {
        wake = null;
        resolve();
      };
    });
  return { stream, queue, state, nextChange };
}

/**
 * Live updates for signed-in pages: each stream gets the request events of the groups its user is a
 * member of at the moment of the event. The membership is read once per event for all streams of
 * this process (one indexed query), not once per subscriber. Nothing of someone with a block between
 * them and the user (PRODUCT "Blocking") is sent: each stream holds its user's blocks, read when it
 * opens and again when a block of theirs is placed or lifted (`block.changed`), so an event costs no
 * query per subscriber. Until the first read an event is not sent: the page refetches on "connected".
 */
export function createLiveUpdates(
  deps: Pick<CoreDeps, "db" | "logger">,
  bus: EventBus,
  usableSessions: UsableSessions,
) {
  const streams = new Set<Stream>();
  let recheck: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: Promise<() => void> | null = null;
  // Events are dispatched one after another so a stream sees them in commit order.
  let dispatching: Promise<void> = Promise.resolve();
  let closed = false;

  async function readBlocks(stream: Stream): Promise<void> {
    const read = ++stream.blockReads;
    const blocked = await blockedEitherWay(deps.db, stream.userId);
    if (read === stream.blockReads) stream.blocked = blocked;
  }

  async function dispatch(event: LiveEvent) {
    if (streams.size === 0) return;
    if (event.type === "block.changed") {
      // Awaited here, so the events after it are judged by the blocks as they now are.
      await Promise.all([...streams].filter((s) => event.userIds.includes(s.userId)).map(readBlocks));
      return;
    }
    if (event.type === "join.answered") {
      // Only the person who asked; the group's members hear of a join through the group's own reads.
      const message: RequestEventMessage = { type: event.type, groupId: event.groupId, approved: event.approved };
      for (const stream of streams) if (stream.userId === event.userId) stream.push(message);
      return;
    }
    const members = await deps.db
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, event.groupId));
    const memberIds = new Set(members.map((m) => m.userId));
    const message: RequestEventMessage =
      event.type === "trip.changed"
        ? { type: event.type, tripId: event.tripId, groupId: event.groupId }
        : { type: event.type, requestId: event.requestId, groupId: event.groupId };
    // The requester's own streams hear that it is theirs (issue 43): their page never announces their own
    // request, posted by them or by their repeating series, as a neighbour's.
    const mine: RequestEventMessage | null = message.type === "trip.changed" ? null : { ...message, mine: true };
    for (const stream of streams)
      if (memberIds.has(stream.userId) && stream.blocked?.has(event.ownerId) === false)
        stream.push(mine && stream.userId === event.ownerId ? mine : message);
  }

  function endSessions(sessionIds: ReadonlySet<string>) {
    for (const stream of streams) if (sessionIds.has(stream.sessionId)) stream.end("sessionEnded");
  }

  async function checkSessions() {
    if (streams.size === 0) return;
    const open = [...new Set([...streams].map((stream) => stream.sessionId))];
    const usable = await usableSessions(open);
    endSessions(new Set(open.filter((id) => !usable.has(id))));
  }

  /** Queued behind the events heard so far, so one heard later is dispatched after the check. */
  function inTurn(work: () => Promise<void>, failure: string) {
    dispatching = dispatching.then(work).catch((error: unknown) => deps.logger.error({ err: error }, failure));
  }

  function stopRecheck() {
    if (recheck) clearInterval(recheck);
    recheck = null;
  }

  function ensureSubscribed(): Promise<() => void> {
    unsubscribe ??= bus
      .subscribe({
        onEvent(event) {
          dispatching = dispatching
            .then(() => dispatch(event))
            .catch((error: unknown) => deps.logger.error({ err: error, event }, "live updates: dispatch failed"));
        },
        onSessionsEnded(sessionIds) {
          // At once, not queued: events already heard are not sent to these streams either.
          endSessions(new Set(sessionIds));
        },
        onResync() {
          // Sessions may have ended unheard while the database was away: checked before anything heard since.
          inTurn(checkSessions, "live updates: session check failed");
          // Tell every page to refetch: events may have been missed while the database was away.
          inTurn(async () => {
            for (const stream of streams) stream.push({ type: "connected" });
          }, "live updates: resync failed");
        },
      })
      .catch((error: unknown) => {
        unsubscribe = null;
        throw error;
      });
    return unsubscribe;
  }

  return {
    /**
     * Yields { type: "connected" } once listening (the page refetches then, so nothing between its
     * last load and now is lost), then every change in the user's groups until `signal` aborts.
     */
    async *stream(
      userId: string,
      sessionId: string,
      signal?: AbortSignal,
    ): AsyncGenerator<RequestEventMessage, void, unknown> {
      if (closed || signal?.aborted) return;
      await ensureSubscribed();
      const { stream, queue, state, nextChange } = queuedStream(userId, sessionId);
      const onAbort = () => stream.end();
      signal?.addEventListener("abort", onAbort);
      streams.add(stream);
      recheck ??= setInterval(
        () => inTurn(checkSessions, "live updates: session check failed"),
        SESSION_RECHECK_MS,
      ).unref();
      try {
        await readBlocks(stream);
        yield { type: "connected" };
        while (!state.ended) {
          if (queue.length === 0) await nextChange();
          while (queue.length > 0 && !state.ended) yield queue.shift()!;
        }
        if (state.sessionEnded) throw new AppError("UNAUTHENTICATED", "noAuthenticatedUser");
      } finally {
        streams.delete(stream);
        signal?.removeEventListener("abort", onAbort);
        if (streams.size === 0) stopRecheck();
      }
    },

    /** How many pages this process is streaming to (for logs and tests). */
    streamCount(): number {
      return streams.size;
    },

    /** Ends every stream (before the server closes, so open connections do not hold shutdown). */
    async close(): Promise<void> {
      closed = true;
      stopRecheck();
      for (const stream of streams) stream.end();
      if (unsubscribe) (await unsubscribe.catch(() => () => undefined))();
      await bus.close();
    },
  };
}

export type LiveUpdates = ReturnType<typeof createLiveUpdates>;
