import { GlobalOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { LANGUAGE_SHORT_LABELS, LANGUAGES, type TLanguage } from '../i18n/language';

/**
 * spec 000 §1: language selector (zh-tw / en); the choice is remembered for the next visit. Two choices
 * only, so both stay visible and one click switches; built from Button, which every screen loads anyway.
 */
export const LanguageSelect = () => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const current: TLanguage = i18n.language === 'en' ? 'en' : 'zh-TW';
  return (
    <fieldset
      aria-label={t('language')}
      data-testid="language-select"
      style={{ display: 'flex', alignItems: 'center', gap: 2, border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <GlobalOutlined style={{ color: token.colorTextTertiary, marginInlineEnd: 4 }} aria-hidden />
      {LANGUAGES.map((lang) => {
        const active = lang === current;
        return (
          <Button
            key={lang}
            size="small"
            type="text"
            lang={lang}
            aria-pressed={active}
            onClick={() => void changeLanguage(lang)}
            style={{
              paddingInline: 6,
              fontWeight: active ? 600 : 400,
              color: active ? token.colorPrimary : token.colorTextSecondary,
            }}
          >
            {LANGUAGE_SHORT_LABELS[lang]}
          </Button>
        );
      })}
    </fieldset>
  );
};
