import type { KeyedMessage } from "@hyn/validators/messages";

/**
 * For the catalogs' tests: every message with values, with values it can take (each limit kind, a
 * plural's one and other, a limit of 0, a zod fallback with and without a field).
 */
export const SAMPLE_ERRORS: KeyedMessage[] = [
  { key: "limitReached", values: { kind: "groups", max: 3, current: 3 } },
  { key: "limitReached", values: { kind: "groups joined", max: 5, current: 5 } },
  { key: "limitReached", values: { kind: "open requests", max: 5, current: 6 } },
  { key: "overLimit", values: { kind: "open requests", max: 5, current: 6 } },
  { key: "overLimit", values: { kind: "open requests", max: 0, current: 1 } },
  { key: "overLimit", values: { kind: "groups", max: 3, current: 4 } },
  { key: "overLimit", values: { kind: "groups joined", max: 0, current: 1 } },
  { key: "pendingInviteExists", values: { daysLeft: 1 } },
  { key: "pendingInviteExists", values: { daysLeft: 6 } },
  ...(["invalidValue", "valueTooBig", "valueTooSmall", "invalidFormat", "invalidChoice"] as const).flatMap(
    (key): KeyedMessage[] => [
      { key, values: { field: "itemDescription" } },
      { key, values: { field: "" } },
    ],
  ),
];
