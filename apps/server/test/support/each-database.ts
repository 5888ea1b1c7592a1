import { describe } from 'vitest';
import { DATABASE_KINDS, type DatabaseKind } from './databases.ts';

/**
 * A block of integration tests run once on each database kind (DATABASE_KINDS: PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set), named `<name> on <kind>`.
 */
export const describeOnEachDatabase = (name: string, body: (kind: DatabaseKind) => void) =>
  describe.each(DATABASE_KINDS)(`${name} on %s`, body);
