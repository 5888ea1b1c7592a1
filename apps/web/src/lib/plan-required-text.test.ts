import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import ja from '../locales/ja/common.json';
import zhCN from '../locales/zh-CN/common.json';
import zhTW from '../locales/zh-TW/common.json';
import { planRequiredText } from './plan-required-text.ts';

const tables = { en, ja, 'zh-CN': zhCN, 'zh-TW': zhTW };

async function translator(language: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: Object.fromEntries(Object.entries(tables).map(([lng, common]) => [lng, { common }])),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('PLAN_REQUIRED in the user language', () => {
  it('names the plan that has the feature', async () => {
    expect(planRequiredText(await translator('en'), 'pro')).toBe(
      'This needs the Pro plan. Upgrade on the pricing page.',
    );
    expect(planRequiredText(await translator('ja'), 'pro')).toBe(
      'この機能には プロ プランが必要です。料金ページでアップグレードしてください。',
    );
    expect(planRequiredText(await translator('zh-TW'), 'studio')).toBe('此功能需要工作室版，請前往價格頁面升級。');
    expect(planRequiredText(await translator('zh-CN'), 'pro')).toBe('此功能需要专业版，请前往价格页面升级。');
  });
});
