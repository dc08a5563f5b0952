import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isWebUrl, useAppInfo } from '../../app/app-info';
import { brand } from '../../app/config';
import { Routes } from '../../app/navigation';
import { PageLayout } from '../../shared/PageLayout';
import { Logo } from '../shell/Logo';
import styles from './AboutUsPage.module.css';

export default function AboutUsPage() {
  const { t } = useTranslation();
  const { data: info } = useAppInfo();
  return (
    <PageLayout title={t('personal.menu.aboutUs')} backTo={Routes.personal} padded={false}>
      <section className={styles.intro}>
        <Logo size={64} />
        <h2>{brand}</h2>
        <p>{t('about.text', { brand })}</p>
      </section>
      <List>
        <List.Item extra={<span data-testid="app-version">{info?.version ?? ''}</span>}>
          {t('about.version')}
        </List.Item>
        {isWebUrl(info?.downloadUrl) ? (
          <List.Item
            extra={
              <a href={info.downloadUrl} target="_blank" rel="noreferrer">
                {t('about.download')}
              </a>
            }
          >
            {t('about.app')}
          </List.Item>
        ) : null}
      </List>
    </PageLayout>
  );
}
