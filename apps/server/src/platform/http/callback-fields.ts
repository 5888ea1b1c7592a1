import { hasRefusedLineCharacters, INVALID_CHARACTERS_MESSAGE, INVALID_CHARACTERS_PROBLEM } from '@atelier/contracts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { AppError } from './app-error.ts';

/** A field's strings: the value itself, or every string inside it when it is JSON (Apple's `user`). */
function stringsIn(value: string): string[] {
  if (!/^\s*[[{]/.test(value)) return [value];
  try {
    const found: string[] = [];
    JSON.parse(value, (_key, inner: unknown) => {
      if (typeof inner === 'string') found.push(inner);
      return inner;
    });
    return found;
  } catch {
    return [value];
  }
}

/**
 * For a request no zod schema of ours reads — an OAuth callback, which Better Auth takes whole:
 * refuses (400 VALIDATION_ERROR, problem `invalid_characters`) a query or form field holding a
 * character no one-line field takes (contracts' text-fields.ts), or whose JSON does (Apple
 * posts the person's name once, as JSON in `user`, and it becomes the account's name). The
 * form is read from a copy of the request, so Better Auth still gets the body.
 */
export function refuseHostileCallbackFields(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const fields = [...new URL(c.req.url).searchParams];
    if (c.req.header('content-type')?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      fields.push(...new URLSearchParams(await c.req.raw.clone().text()));
    }
    const refused = fields.find(([, value]) => stringsIn(value).some(hasRefusedLineCharacters));
    if (refused) {
      const [field] = refused;
      throw new AppError('VALIDATION_ERROR', `${field}: ${INVALID_CHARACTERS_MESSAGE}`, {
        fields: { [field]: INVALID_CHARACTERS_MESSAGE },
        issues: [{ field, problem: INVALID_CHARACTERS_PROBLEM }],
      });
    }
    await next();
  };
}
