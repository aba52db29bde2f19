import { useTranslation } from 'react-i18next';

/**
 * A form message in both languages, drawn in the current one: a field's error then follows the language switch
 * (spec 002 §1 "the whole page follows the language"), where a string chosen at validation time stayed in the
 * language of the moment the field was checked.
 */
export const LangMessage = ({ zh, en }: { zh: string; en: string }) => {
  const { i18n } = useTranslation();
  return <>{i18n.language === 'en' ? en : zh}</>;
};
