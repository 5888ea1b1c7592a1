import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Workspace packages built for npm (@atelier/api-client) export their TypeScript source under
 * this condition, and their built dist/ to everyone else: the app, its server renderer and the
 * tests resolve the source, so nothing has to be built first, while an npm user gets dist/.
 * tsconfig.base.json's customConditions names it for the type-checker too.
 */
export const SOURCE_CONDITION = '@atelier/source';

/** Vite (and Vitest) resolve options that prefer the source condition, browser and server side. */
export const resolveFromSource = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
};

/**
 * The same for Vitest, whose own server conditions leave out `module`: the tests load external
 * packages with Node itself, which cannot run every `module` build (@aws-sdk's imports files
 * without their extension).
 */
export const testResolveFromSource = {
  resolve: resolveFromSource.resolve,
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions.filter((c) => c !== 'module')] } },
};
