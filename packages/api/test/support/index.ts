/** Everything integration tests share: the harness, and the set-up and checks more than one file uses. */
export {
  CapturingTransport,
  createHarness,
  TEST_PASSWORD,
  type CapturedEmail,
  type Caller,
  type Harness,
  type HarnessOptions,
  type Neighbour,
  type NeighbourOptions,
} from "./harness";
export { useHarness, type HarnessInUse, type UseHarnessOptions } from "./use-harness";
export { failure } from "./failure";
export { addMember, createGroup, groupOfSize, groupWith, inviteAndJoin, memberCount } from "./groups";
export { settle, tally } from "./outcomes";
export { quickAccounts, quickNeighbours } from "./quick-neighbours";
export { listen } from "./live";
export {
  SWEEP,
  SWEEP_ADMIN_EMAIL,
  SWEEP_ROLES,
  BLOCK_DIRECTIONS,
  buildSweepWorld,
  expectationFor,
  liftBlocks,
  ownersContentIn,
  placeBlock,
  type Entry as SweepEntry,
  type Expect as SweepExpect,
  type SweepRole,
  type SweepUser,
  type World as SweepWorld,
} from "../../src/authorization-table";
export {
  browserSubscription,
  decryptAes128gcm,
  RecordingJobQueue,
  startLocalPushService,
  verifyVapid,
  type BrowserSubscription,
  type LocalPushService,
} from "./local-push-service";
export { parseCalendar, type ParsedCalendar, type ParsedEvent } from "./calendar";
