import type { z } from 'zod';
import { FIELD_PROBLEMS, type FieldIssue, type FieldProblem } from './errors.ts';

type Issue = z.core.$ZodIssue;

/** The value at an issue's path in the input that was refused, if the input is known. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function problemOf(issue: Issue, input: unknown): { problem: FieldProblem; limit?: number } {
  switch (issue.code) {
    case 'invalid_type':
      return { problem: input !== undefined && valueAt(input, issue.path) !== undefined ? 'invalid_type' : 'required' };
    case 'too_big': {
      const limit = Number(issue.maximum);
      return { problem: issue.origin === 'string' ? 'too_long' : 'too_big', limit };
    }
    case 'too_small': {
      const limit = Number(issue.minimum);
      // An empty string where one character is the least: the field was left out.
      if (issue.origin === 'string') return limit <= 1 ? { problem: 'required' } : { problem: 'too_short', limit };
      return { problem: 'too_small', limit };
    }
    case 'invalid_format':
      return { problem: 'invalid_format' };
    case 'invalid_value':
      return { problem: 'invalid_value' };
    case 'unrecognized_keys':
      return { problem: 'unknown_field' };
    case 'custom': {
      // A refinement may name its problem (text-fields.ts: `invalid_characters`).
      const named = issue.params?.problem;
      return { problem: FIELD_PROBLEMS.includes(named) ? named : 'invalid' };
    }
    default:
      return { problem: 'invalid' };
  }
}

/**
 * A zod failure as the API's VALIDATION_ERROR details: `fields` (path → English message) and
 * `issues` (path → a problem word and its bound, for a client to say in its user's language).
 * The first problem of a field wins. `input`, when given, tells a missing field from a
 * mistyped one.
 */
export function fieldIssuesOf(
  issues: readonly Issue[],
  input?: unknown,
): { fields: Record<string, string>; issues: FieldIssue[] } {
  const fields: Record<string, string> = {};
  const list: FieldIssue[] = [];
  for (const issue of issues) {
    // An unknown key is a problem of that key, not of the object around it.
    const paths =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...issue.path, key].join('.'))
        : [issue.path.map(String).join('.')];
    for (const path of paths) {
      const field = path || '(body)';
      if (field in fields) continue;
      fields[field] = issue.message;
      list.push({ field, ...problemOf(issue, input) });
    }
  }
  return { fields, issues: list };
}
