import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { LANGUAGE_SHORT_LABELS, LANGUAGES, type TLanguage } from '../i18n/language';
import { PLAIN_TOKENS as token } from '../shell/theme';
import { PlainIcon } from './PlainIcon';
import { GlobalOutlined } from './plain-icons';

/**
 * spec 000 §1: language selector (zh-tw / en); the choice is remembered for the next visit. Two choices
 * only, so both stay visible and one click switches. Small text buttons in antd's look, drawn without antd:
 * the selector is on the login route (styles.css "Plain controls").
 */
export const LanguageSelect = () => {
  const { t, i18n } = useTranslation();
  const current: TLanguage = i18n.language === 'en' ? 'en' : 'zh-TW';
  return (
    <fieldset
      aria-label={t('language')}
      data-testid="language-select"
      style={{ display: 'flex', alignItems: 'center', gap: 2, border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <PlainIcon
        icon={GlobalOutlined}
        style={{ color: token.colorTextTertiary, marginInlineEnd: 4 }}
        aria-hidden
      />
      {LANGUAGES.map((lang) => {
        const active = lang === current;
        return (
          <button
            key={lang}
            type="button"
            className="sd-btn sd-btn-text sd-btn-sm"
            lang={lang}
            aria-pressed={active}
            onClick={() => void changeLanguage(lang)}
            style={{
              paddingInline: 6,
              fontWeight: active ? 600 : 400,
              color: active ? token.colorPrimary : token.colorTextSecondary,
            }}
          >
            <span>{LANGUAGE_SHORT_LABELS[lang]}</span>
          </button>
        );
      })}
    </fieldset>
  );
};
