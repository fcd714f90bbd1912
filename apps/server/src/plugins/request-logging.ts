import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { isWebFilePath } from "../routes/spa-routes";
import { routedPathOf, type UrlRedactor } from "./log-redaction";

/**
 * One line per request, once answered, that reads on its own ("GET /groups 200 4ms"). The web build's
 * files go at debug: one walk through the app fetches them by the hundred, and at info they buried the rest.
 */
export class RequestLogController extends LogController {
  /** `redactUrl` keeps tokens out of the line (log-redaction.ts). */
  constructor(private readonly redactUrl: UrlRedactor) {
    super();
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, "request received");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = Math.round(reply.elapsedTime);
    const line = `${request.method} ${this.redactUrl(request.url)} ${reply.statusCode} ${responseTime}ms`;
    if (error) return reply.log.error({ req: request, res: reply, err: error, responseTime }, line);
    // The path the router read: `/%74rpc/x.y` is a call, not a file, however it was spelled.
    const level = isWebFilePath(routedPathOf(request.url)) ? "debug" : "info";
    reply.log[level]({ req: request, res: reply, responseTime }, line);
  }
}
