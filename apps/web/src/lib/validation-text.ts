import type { FieldIssue } from '@atelier/contracts';
import type { TFunction } from 'i18next';

/**
 * What a VALIDATION_ERROR says about each refused field, in the user's language: the field's
 * name (common:validation.fields, else the API's name for it) and the problem with its limit.
 */
export function issueText(t: TFunction, issue: FieldIssue): string {
  const field = t(`common:validation.fields.${issue.field}`, { defaultValue: issue.field });
  return t(`common:validation.problems.${issue.problem}`, { field, limit: issue.limit });
}

export const issuesText = (t: TFunction, issues: readonly FieldIssue[]) =>
  issues.map((issue) => issueText(t, issue)).join(' ');
