import { STYLES, VECTOR_STYLES } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import toolRun from '../../../locales/en/tool-run.json';
import { TOOL_PAGES, withoutIgnoredOptions } from './tool-definitions.ts';

// A translated select shows tool-run:choices.<field>.<value>: every value it can offer needs one
// (the locale parity test then holds the other three languages to the same keys).
const choiceTexts = toolRun.choices as Record<string, Record<string, string> | undefined>;

/** Every value a select can offer, whatever the other options are (substyles follow the style). */
function allChoices(choices: readonly string[] | ((values: Record<string, string>) => readonly string[])) {
  if (typeof choices !== 'function') return choices;
  return [...new Set([...STYLES, ...VECTOR_STYLES].flatMap((style) => choices({ style })))];
}

describe('option labels', () => {
  for (const page of Object.values(TOOL_PAGES)) {
    for (const field of page.options) {
      if (field.kind !== 'select' || !field.translated) continue;
      it(`${page.id}: every ${field.name} has a text`, () => {
        const values = allChoices(field.choices);
        expect(values.length).toBeGreaterThan(0);
        const missing = values.filter((value) => !choiceTexts[field.name]?.[value]);
        expect(missing).toEqual([]);
      });
    }
  }
});

describe('withoutIgnoredOptions', () => {
  it('leaves out what the serving engine ignores, and nothing else', () => {
    const page = TOOL_PAGES['image-generation'];
    const names = (fields: readonly { name: string }[]) => fields.map((f) => f.name);
    expect(withoutIgnoredOptions(page, [])).toBe(page);
    const onOpenAI = withoutIgnoredOptions(page, ['model', 'style', 'substyle', 'negative_prompt']);
    expect(names(onOpenAI.options)).toEqual(
      names(page.options).filter((n) => !['model', 'style', 'substyle'].includes(n)),
    );
    expect(onOpenAI.negativePrompt).toBe(false);
    expect(names(withoutIgnoredOptions(page, ['model']).options)).not.toContain('model');
    expect(withoutIgnoredOptions(page, ['model']).negativePrompt).toBe(true);
  });
});
