import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    coverage: { provider: 'v8', include: ['src/lib/**/*.ts'], exclude: ['**/*.test.ts', '**/*.bench.ts'] },
  },
});
