import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/** The two languages of spec 000 §1. i18next codes; the URL and the selector spell them zh-tw / en. */
export const LANGUAGES = ['zh-TW', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

/** Each language is named in itself, so the switch reads right whatever the current language. */
export const LANGUAGE_SHORT_LABELS: Record<TLanguage, string> = { 'zh-TW': '中文', en: 'EN' };

/** Accepts the spec's spellings (zh-tw, en) and common variants; anything else is not a choice. */
export const parseLanguage = (value: string | null | undefined): TLanguage | null => {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  if (v === 'zh-tw' || v === 'zh_tw' || v === 'zh') return 'zh-TW';
  if (v === 'en' || v.startsWith('en-')) return 'en';
  return null;
};

/**
 * spec 000 §1: the default follows the browser, "zh-TW, otherwise en". Browsers asking for Traditional
 * Chinese (zh-TW, zh-Hant-*, and zh-HK / zh-MO, written in Traditional characters) get zh-TW; any other
 * Chinese (zh-CN, zh-SG, zh-Hans-*, a bare zh) gets English like every other language (docs/decisions/).
 */
export const isTraditionalChinese = (tag: string) => {
  const t = tag.toLowerCase();
  return /^zh-(hant\b|tw\b|hk\b|mo\b)/.test(t) && !/\bhans\b/.test(t);
};
export const browserLanguage = (): TLanguage =>
  isTraditionalChinese(navigator.languages?.[0] ?? navigator.language ?? '') ? 'zh-TW' : 'en';

/**
 * The language to start with: ?lang= wins and is remembered, then the remembered choice, then the browser.
 * The query parameter is left in the URL on purpose: a shared link keeps its language.
 */
export const initialLanguage = (): TLanguage => {
  const fromQuery = parseLanguage(new URLSearchParams(window.location.search).get('lang'));
  if (fromQuery) {
    writeStorage(STORAGE_KEYS.lang, fromQuery);
    return fromQuery;
  }
  return parseLanguage(readStorage(STORAGE_KEYS.lang)) ?? browserLanguage();
};

export const rememberLanguage = (lang: TLanguage) => writeStorage(STORAGE_KEYS.lang, lang);
