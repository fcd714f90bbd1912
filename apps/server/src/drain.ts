import { Server as NetServer } from "node:net";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Draining for rolling deploys behind a proxy (README, "Deploy"): from the moment it starts, `/readyz` answers 503, no new connection is accepted (a proxy's connect is refused before
 * any byte of a call is sent, so it safely tries another instance, even for a POST), and every answer
 * says `Connection: close`, so a proxy never sends another call on that connection. Connections that
 * stay idle are left for their peer to close (nginx's upstream keepalive_timeout is shorter than the
 * drain): closing one ourselves could cross a call the proxy is sending on it at that moment, which it
 * could not retry if it were a POST.
 */
export function registerDrain(server: FastifyInstance) {
  let draining = false;
  const closeAfterwardsIfDraining = (reply: FastifyReply) => {
    if (draining) void reply.header("connection", "close");
  };
  // On arrival as well as on sending (a call in flight when the drain starts): registered before the
  // answer cache, whose hits go straight to the socket with the headers set on arrival.
  server.addHook("onRequest", (_request, reply, done) => {
    closeAfterwardsIfDraining(reply);
    done();
  });
  server.addHook("onSend", (_request, reply, payload, done) => {
    closeAfterwardsIfDraining(reply);
    done(null, payload);
  });
  return {
    isDraining: () => draining,
    /** Resolves when every connection has closed, or after `timeoutMs`, whichever comes first. */
    async drain(timeoutMs: number): Promise<void> {
      draining = true;
      const httpServer = server.server;
      if (!httpServer.listening) return;
      // net's close, not http's: http's also ends idle keep-alive connections at once (see above).
      const allClosed = new Promise<void>((resolve) => NetServer.prototype.close.call(httpServer, () => resolve()));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([allClosed, timedOut]).finally(() => clearTimeout(timer));
    },
  };
}

export type Drain = ReturnType<typeof registerDrain>;
