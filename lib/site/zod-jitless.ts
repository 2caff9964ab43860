/**
 * The inline head script that puts zod in jitless mode before any bundle loads. Otherwise zod 4
 * probes for `new Function('')` when it builds its first object schema: the pages' policy forbids
 * eval, so every page view would send a violation report for a probe zod catches itself. Set as
 * zod's global configuration (the object `z.config` writes) because the schemas are built as
 * their modules load, before any code of ours could call `z.config`. Without eval zod parses
 * objects the ordinary way, which is all the pages need.
 */
export const zodJitlessScript = 'globalThis.__zod_globalConfig = { jitless: true };';
