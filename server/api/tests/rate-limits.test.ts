import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { apiCalls } from '../../../lib/api/contract.ts';
import { createRateLimiter } from '../services/rate-limits.ts';
import { openDatabase } from '../store/database.ts';
import { sqliteStore } from '../store/open-store.ts';
import { createRateLimitStore } from '../store/rate-limits.ts';
import { onEachStore, tempDir, type TestApi } from './support/test-support.ts';

const limit = { attempts: 3, windowMs: 60_000 };
const opened: DatabaseSync[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) if (db.isOpen) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function databaseFile(): string {
  const dir = tempDir();
  dirs.push(dir);
  return join(dir, 'api.sqlite');
}

function open(path: string): DatabaseSync {
  const db = openDatabase(path);
  opened.push(db);
  return db;
}

const limiterOn = (db: DatabaseSync, name = 'login') =>
  createRateLimiter(createRateLimitStore(sqliteStore(db)), name, limit);

describe('a rate limiter over the SQLite store', () => {
  it('allows the limit within a window, then answers the seconds left until it ends', async () => {
    const limiter = limiterOn(open(':memory:'));
    expect(await Promise.all([0, 1000, 2000].map((now) => limiter.take('ada', now)))).toEqual([null, null, null]);
    expect(await limiter.take('ada', 30_000)).toBe(30);
    expect(await limiter.take('grace', 30_000)).toBeNull();
    expect(await limiter.take('ada', 60_000)).toBeNull();
  });

  it('forgets a forgiven key', async () => {
    const limiter = limiterOn(open(':memory:'));
    for (let index = 0; index < 5; index += 1) await limiter.take('ada', 0);
    await limiter.forgive('ada');
    expect(await limiter.take('ada', 1)).toBeNull();
  });

  it('keeps the limits of two names apart on one key', async () => {
    const db = open(':memory:');
    for (let index = 0; index < 3; index += 1) await limiterOn(db, 'login').take('ada', 0);
    expect(await limiterOn(db, 'signup').take('ada', 0)).toBeNull();
    expect(await limiterOn(db, 'login').take('ada', 0)).toBe(60);
  });

  it('still refuses after the database is closed and opened again (an API restart)', async () => {
    const path = databaseFile();
    const before = limiterOn(open(path));
    for (let index = 0; index < 3; index += 1) expect(await before.take('ada', 0)).toBeNull();
    opened[0]?.close();
    expect(await limiterOn(open(path)).take('ada', 10_000)).toBe(50);
  });

  it('shares one window between two connections to one file (two API processes), never letting both past the limit', async () => {
    const path = databaseFile();
    const [first, second] = [limiterOn(open(path)), limiterOn(open(path))];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? first : second).take('ada', 0)),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(3);
  });

  it('deletes expired windows, so a flood of distinct keys does not stay in the file', async () => {
    const db = open(':memory:');
    const limiter = limiterOn(db);
    for (let index = 0; index < 500; index += 1) await limiter.take(`visitor-${index}`, 0);
    await limiter.take('later', 10 * 60_000);
    expect(db.prepare('SELECT COUNT(*) AS n FROM rate_limit_windows').get()?.['n']).toBe(1);
  });
});

await onEachStore(
  ({ start }) => {
    describe('limits across API processes and restarts', () => {
      const signup = (api: TestApi, index: number) =>
        api.call(apiCalls.signup.path, {
          body: {
            fullName: 'Ada Lovelace',
            email: `ada${index}@example.com`,
            phoneNumber: '0400 000 000',
            password: 'pizza-lover-42',
          },
        });
      const settings = { rateLimits: { signupPerAddress: { attempts: 4, windowMs: 60 * 60_000 } } };

      it('counts sign-ups sent to two APIs on one database against one limit', async () => {
        const first = await start(settings);
        const second = await start({ ...settings, sameDatabaseAs: first });
        const statuses = [];
        for (let index = 0; index < 6; index += 1)
          statuses.push((await signup(index % 2 === 0 ? first : second, index)).status);
        expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      });

      it('still refuses once the API restarts on the same database', async () => {
        const first = await start(settings);
        for (let index = 0; index < 4; index += 1) expect((await signup(first, index)).status).toBe(200);
        await first.close();
        const restarted = await start({ ...settings, sameDatabaseAs: first });
        expect((await signup(restarted, 9)).status).toBe(429);
      });
    });
  },
  { api: false },
);
