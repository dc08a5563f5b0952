import { AppPlatforms, paragraphsOf } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { brand } from '../../app/config';
import { Routes } from '../../app/navigation';
import { PageLayout } from '../../shared/PageLayout';
import { contentApi, contentKeys } from '../content/content.api';
import { Logo } from '../shell/Logo';
import styles from './AboutUsPage.module.css';

/** About us: the text an admin configured, the app's current version and where to download it. */
export default function AboutUsPage() {
  const { t } = useTranslation();
  const about = useQuery({ queryKey: contentKeys.about, queryFn: ({ signal }) => contentApi.about(signal) });
  const version = useQuery({
    queryKey: contentKeys.version(undefined),
    queryFn: ({ signal }) => contentApi.version(undefined, signal),
  });
  // Until an admin writes one, a line about the platform stands in.
  const paragraphs = about.data?.text
    ? paragraphsOf(about.data.text)
    : about.data
      ? [t('about.text', { brand })]
      : [];
  const downloads = AppPlatforms.flatMap((platform) => {
    const url = version.data?.downloads[platform];
    return url ? [{ platform, url }] : [];
  });
  return (
    <PageLayout title={t('personal.menu.aboutUs')} backTo={Routes.personal} padded={false}>
      <section className={styles.intro}>
        <Logo size={64} />
        <h2>{brand}</h2>
        <div className={styles.text} data-testid="about-text">
          {paragraphs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text, in order
            <p key={i}>{p}</p>
          ))}
        </div>
      </section>
      <List header={t('content.about.appHeader')}>
        <List.Item extra={<span data-testid="app-version">{version.data?.currentVersion ?? ''}</span>}>
          {t('about.version')}
        </List.Item>
        {version.data && version.data.minimumVersion !== version.data.currentVersion ? (
          <List.Item extra={version.data.minimumVersion}>{t('content.about.minimumVersion')}</List.Item>
        ) : null}
        {downloads.map(({ platform, url }) => (
          <List.Item
            key={platform}
            extra={
              <a href={url} target="_blank" rel="noopener noreferrer" data-testid={`download-${platform}`}>
                {t('about.download')}
              </a>
            }
          >
            {t(`content.about.platforms.${platform}`)}
          </List.Item>
        ))}
        {version.data && downloads.length === 0 ? (
          <List.Item>{t('content.about.noDownloads')}</List.Item>
        ) : null}
      </List>
    </PageLayout>
  );
}
