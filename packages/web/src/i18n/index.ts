import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage, LANGUAGES, rememberLanguage, type TLanguage } from './language';
import { lazyResourcesBackend } from './lazy-backend';
import { common } from './resources/common';
import { layout } from './resources/layout';
import { routes } from './resources/routes';
import { session } from './resources/session';

/**
 * i18n set-up. The shell's namespaces (common, session, layout, routes) are bundled: the login screen
 * needs them at once. A FEATURE NAMESPACE NEEDS NO LINE HERE: add `resources/<feature-name>.ts`
 * exporting `<featureName> = { 'zh-TW': {...}, en: {...} }` and register its type in i18next.d.ts;
 * it then loads with the first screen that calls useTranslation('<featureName>'). Importing it here
 * would put every feature's texts (and the contract schemas they quote) into the login route's first
 * load (bench/bundle-budget.mjs).
 */
export const CORE_NAMESPACES = ['common', 'session', 'layout', 'routes'] as const;

const coreResources = (lang: TLanguage) => ({
  common: common[lang],
  session: session[lang],
  layout: layout[lang],
  routes: routes[lang],
});

export const i18n = i18next.createInstance();
void i18n
  .use(lazyResourcesBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'zh-TW',
    supportedLngs: [...LANGUAGES],
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    resources: { 'zh-TW': coreResources('zh-TW'), en: coreResources('en') },
    partialBundledLanguages: true, // bundled core + lazily read feature namespaces
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
  });

const syncHtmlLang = (lang: string) => {
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-Hant-TW';
};
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

export const currentLanguage = (): TLanguage => (i18n.language === 'en' ? 'en' : 'zh-TW');

export const changeLanguage = async (lang: TLanguage) => {
  rememberLanguage(lang);
  await i18n.changeLanguage(lang);
};
