// zod compiles fast object parsers with `new Function` when it may; to find out, it tries one,
// which the Content-Security-Policy (no 'unsafe-eval') blocks and Chromium reports as a
// violation (Lighthouse's best practices) even though zod catches it. `jitless` skips the
// attempt. zod keeps its settings on this global so every copy shares them and adopts an
// object already there; setting it here, imported first by main.tsx, works before any schema
// of @atelier/contracts is built without pulling zod's core into the first load (z.config()
// would add 3 KiB). zod-config.test.ts checks that zod reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
