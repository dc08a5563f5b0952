/**
 * zod 4 builds a faster parser for each object schema with `new Function` where the page allows it, and
 * probes for that with `new Function('')` at its first parse. This app's pages do not allow it: the API's
 * Content-Security-Policy has no 'unsafe-eval' (apps/api/src/app.ts). So on every start the probe was
 * refused, reported as a violation of `script-src` (with a report address set, one report per visit),
 * and zod parsed without the faster path anyway. Declared jitless before zod's first evaluation, it
 * never probes. zod keeps its settings in this global, adopting an object already there (zod/v4/core,
 * `globalConfig`); set in place, so a zod evaluated earlier (a test's) sees it too.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
