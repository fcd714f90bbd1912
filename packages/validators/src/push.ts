import { z } from "zod";
import { isoDateTime } from "./wire-time";
import { messages } from "./messages";
import { PUSH_LABEL_MAX } from "./policy";
import { exactInputString, inputString } from "./text";

const ENDPOINT_MAX = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Bytes a base64url string (unpadded, as browsers give it) decodes to; null when it is not base64url. */
export function base64UrlByteLength(value: string): number | null {
  const unpadded = value.replace(/={1,2}$/, "");
  if (!BASE64URL.test(unpadded) || unpadded.length % 4 === 1) return null;
  return Math.floor((unpadded.length * 6) / 8);
}

/** An uncompressed P-256 point is 65 bytes starting 0x04, whose first base64 character is "B". */
const isP256PublicKey = (value: string) => base64UrlByteLength(value) === 65 && value.startsWith("B");
const isAuthSecret = (value: string) => base64UrlByteLength(value) === 16;

/** A browser's `PushSubscription.toJSON()` plus a label for the device; the endpoint's host is checked by the service. */
export const pushSubscriptionInput = z.object({
  endpoint: exactInputString({ error: messages.pushEndpointInvalid })
    .max(ENDPOINT_MAX, messages.pushEndpointInvalid)
    .pipe(z.url({ error: messages.pushEndpointInvalid })),
  keys: z.object(
    {
      p256dh: exactInputString({ error: messages.pushKeyP256dhInvalid }).refine(
        isP256PublicKey,
        messages.pushKeyP256dhInvalid,
      ),
      auth: exactInputString({ error: messages.pushKeyAuthInvalid }).refine(isAuthSecret, messages.pushKeyAuthInvalid),
    },
    { error: messages.pushKeyP256dhInvalid },
  ),
  label: inputString()
    .max(PUSH_LABEL_MAX * 4, messages.pushLabelTooLong)
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .refine((v) => v.length <= PUSH_LABEL_MAX, messages.pushLabelTooLong)
    .optional()
    .transform((v) => v || "A browser"),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;
export type PushSubscriptionData = z.output<typeof pushSubscriptionInput>;

export const pushDeviceIdInput = z.object({ id: z.uuid({ error: messages.pushDeviceNotFound }) });

export const pushDeviceView = z.object({
  id: z.string(),
  label: z.string(),
  endpointHost: z.string(),
  createdAt: isoDateTime,
  lastSuccessAt: isoDateTime.nullable(),
});
export type PushDeviceView = z.input<typeof pushDeviceView>;
