/**
 * A stand-in for a browser vendor's push service (issue 16), and a browser's side of a subscription:
 * the test generates a P-256 key pair and an auth secret as a browser does, the server under test POSTs
 * to this HTTP server, and the test checks the VAPID token (RFC 8292) and decrypts the aes128gcm body
 * (RFC 8188 + RFC 8291) with node:crypto alone, independently of the web-push library that encrypted it.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  /** Statuses to answer the next requests with, in order; 201 once they run out. */
  answerNext: (...statuses: number[]) => void;
  /** The most pushes ever being received at once (each is held `answerDelayMs` before its answer). */
  maxInFlight: number;
  close: () => Promise<void>;
}

export async function startLocalPushService(options: { answerDelayMs?: number } = {}): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const statuses: number[] = [];
  let inFlight = 0;
  const server: Server = createServer((request, response) => {
    inFlight++;
    service.maxInFlight = Math.max(service.maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      setTimeout(() => {
        inFlight--;
        response.statusCode = statuses.shift() ?? 201;
        response.end();
      }, options.answerDelayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const service: LocalPushService = {
    origin: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...next) => statuses.push(...next),
    maxInFlight: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return service;
}

/** A browser's subscription to `endpoint`: its private key stays here, to decrypt what arrives. */
export interface BrowserSubscription {
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") } },
    ecdh,
    auth,
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of a one-record aes128gcm body. */
export function decryptAes128gcm(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`keyid must be the sender's 65-byte public key, was ${keyIdLength} bytes`);
  if (record.length > recordSize) throw new Error("more than one record");
  const sharedSecret = subscription.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscription.ecdh.getPublicKey(), senderPublicKey]);
  const ikm = hkdf(subscription.auth, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and any number of zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("missing the last record's padding delimiter");
  return padded.subarray(0, end).toString("utf8");
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. Checks that k is the server's key, that the
 * JWT is ES256-signed by it, and returns its claims for the test to judge (aud, exp, sub).
 */
export function verifyVapid(authorization: string | undefined, serverPublicKey: string): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== serverPublicKey) throw new Error("k is not the server's VAPID public key");
  const [header, claims, signature] = token.split(".") as [string, string, string];
  const decoded = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string };
  if (decoded.alg !== "ES256") throw new Error(`alg must be ES256, was ${decoded.alg}`);
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("the VAPID JWT's signature does not verify with k");
  return JSON.parse(Buffer.from(claims, "base64url").toString()) as VapidClaims;
}

/**
 * A JobQueue that keeps what services queue on `queueName`, so a test runs the jobs itself; a waiting key
 * is queued once. Jobs of other queues (the reminders) are not this queue's test's subject: dropped.
 */
export class RecordingJobQueue {
  readonly jobs: { name: string; data: object; singletonKey?: string }[] = [];
  constructor(private readonly queueName: string) {}
  async send(name: string, data: object, options: { singletonKey?: string } = {}): Promise<string | null> {
    if (name !== this.queueName) return null;
    if (options.singletonKey && this.jobs.some((job) => job.name === name && job.singletonKey === options.singletonKey))
      return null;
    this.jobs.push({ name, data, ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}) });
    return String(this.jobs.length);
  }
  /** Takes every job queued so far. */
  take<T>(): T[] {
    return this.jobs.splice(0).map((job) => job.data as T);
  }
}
