import { describe, expect, it } from 'vitest';
import { commonTranslator } from './common-translator.test-helper.ts';
import { planRequiredText } from './plan-required-text.ts';

const translator = commonTranslator;

describe('PLAN_REQUIRED in the user language', () => {
  it('names the plan that has the feature', async () => {
    expect(planRequiredText(await translator('en'), 'pro')).toBe(
      'This needs the Pro plan. Upgrade on the pricing page.',
    );
    expect(planRequiredText(await translator('ja'), 'pro')).toBe(
      'この機能にはプロプランが必要です。料金ページでアップグレードしてください。',
    );
    expect(planRequiredText(await translator('zh-TW'), 'studio')).toBe('此功能需要工作室版，請前往價格頁面升級。');
    expect(planRequiredText(await translator('zh-CN'), 'pro')).toBe('此功能需要专业版，请前往价格页面升级。');
  });
});
