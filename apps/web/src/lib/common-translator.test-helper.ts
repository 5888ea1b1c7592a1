import { createInstance } from 'i18next';
import en from '../locales/en/common.json';
import ja from '../locales/ja/common.json';
import zhCN from '../locales/zh-CN/common.json';
import zhTW from '../locales/zh-TW/common.json';

const tables = { en, ja, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** A `t` over the four languages' common tables, for tests of texts built from them. */
export async function commonTranslator(language: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: Object.fromEntries(Object.entries(tables).map(([lng, common]) => [lng, { common }])),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}
