// Plain JavaScript with no imports, so deploy/render-nginx.mjs (which runs with no dependencies on the host
// that runs nginx) renders nginx's client_max_body_size from the same number the instances enforce.

/**
 * The largest request body an instance reads (Fastify's bodyLimit). nginx refuses anything larger
 * itself: an instance answers an oversized body with 413 and closes the connection (Fastify's choice,
 * so a client cannot make it read what it refused), and nginx, still sending the body it had buffered,
 * would turn that answer into a 502.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;
