import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/**/*.test.ts',
      'ui/**/*.test.ts',
      'lib/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // Server tests start real processes and hash passwords; on a busy 2-core machine 5 s is too tight.
    testTimeout: 20000,
    coverage: { provider: 'v8', include: ['lib/**/*.ts'], exclude: ['**/*.test.ts', '**/*.bench.ts'] },
  },
});
