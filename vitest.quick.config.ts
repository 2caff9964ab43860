import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The inner loop (npm run test:quick): the domain's and the two apps' unit tests, without the API's
// HTTP tests and the build's, which start processes and databases.
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['lib/**/*.test.ts', 'apps/**/*.test.ts', 'ui/**/*.test.ts'] },
});
