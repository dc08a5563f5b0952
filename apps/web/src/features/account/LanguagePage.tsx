import { Languages } from '@app/contracts';
import CheckList from 'antd-mobile/es/components/check-list';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, languageNames, setLanguage } from '../../app/i18n';
import { Routes } from '../../app/navigation';
import { PageLayout } from '../../shared/PageLayout';

/** The five languages; a choice applies at once and is kept under `lang`. */
export default function LanguagePage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('lang.title')} backTo={Routes.personal} padded={false}>
      <CheckList
        value={[currentLanguage()]}
        onChange={(values) => {
          const chosen = values[0];
          if (isLanguage(chosen)) void setLanguage(chosen);
        }}
      >
        {Languages.map((lang) => (
          <CheckList.Item key={lang} value={lang} data-testid={`lang-${lang}`}>
            <span lang={lang}>{languageNames[lang]}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </PageLayout>
  );
}
