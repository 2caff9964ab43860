import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { tempDir } from '../test-support.ts';
import { storeCases } from './store-cases.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the store on SQLite (a file in a temporary folder)', () => {
  storeCases(async () => {
    const dir = tempDir();
    dirs.push(dir);
    return { sqlitePath: join(dir, 'api.sqlite') };
  });
});
