/**
 * The import rules of the code (docs/rules.md says why each exists), checked by `npm run lint:deps`.
 * Type imports count: a `import type` that closes a circle or crosses a layer is as much a tie
 * between two files as a value import, so the checker reads the TypeScript before it is compiled.
 * `.astro` files are not read (the checker has no parser for them); they are thin pages and
 * components, and TypeScript and knip see their imports.
 */

/** Test files and the server's test drivers may import the app code they drive. */
const TESTS = '(\\.test\\.tsx?$|^server/.*/tests/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles, type imports included: a type that closes one lives in the wrong file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'storefront-not-console',
      severity: 'error',
      comment: 'The two apps never import each other: what both need lives in lib/ or ui/.',
      from: { path: '^apps/storefront/' },
      to: { path: '^apps/console/' },
    },
    {
      name: 'console-not-storefront',
      severity: 'error',
      comment: 'The two apps never import each other: what both need lives in lib/ or ui/.',
      from: { path: '^apps/console/' },
      to: { path: '^apps/storefront/' },
    },
    {
      name: 'lib-is-the-bottom',
      severity: 'error',
      comment: 'lib/ is the pure domain both apps, the API and the build share: it imports none of them.',
      from: { path: '^lib/' },
      to: { path: '^(apps|ui|server|scripts|tests)/' },
    },
    {
      name: 'ui-has-no-app',
      severity: 'error',
      comment: 'ui/ holds primitives both apps use: no app and no server code in them.',
      from: { path: '^ui/' },
      to: { path: '^(apps|server|scripts|tests)/' },
    },
    {
      name: 'domain-not-contracts',
      severity: 'error',
      comment:
        'The domain folders of lib/ do not import lib/api (the wire contracts): a contract is built from the domain, never the other way.',
      from: { path: '^lib/', pathNot: '^lib/api/' },
      to: { path: '^lib/api/' },
    },
    {
      name: 'browser-not-server',
      severity: 'error',
      comment:
        'Code that runs in the browser (apps, ui, lib) never imports server/: it would ship the server to the page.',
      from: { path: '^(apps|ui|lib)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-apps',
      severity: 'error',
      comment:
        'The API and the broker do not run app code; their tests may drive it (placing-orders.ts places orders through the storefront stores).',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^(apps|ui)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.build|\\.astro|coverage|test-results|data|tenants)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
