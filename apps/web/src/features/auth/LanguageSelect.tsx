import { Languages, type TLanguage } from '@app/contracts';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, languageNames, setLanguage } from '../../app/i18n';
import styles from './LanguageSelect.module.css';

/** Visitors choose a language before they can reach the member language page. */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <label className={styles.select}>
      <GlobalOutline aria-hidden="true" />
      <select
        aria-label={t('lang.title')}
        value={currentLanguage()}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {Languages.map((lang: TLanguage) => (
          <option key={lang} value={lang}>
            {languageNames[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
