import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SectionFrame } from '../SectionFrame';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import styles from './ContentSection.module.css';
import { FilesPanel } from './FilesPanel';
import { NewsPanel } from './NewsPanel';
import { SiteSettingsPanel } from './SiteSettingsPanel';
import { SlidesPanel } from './SlidesPanel';

const tabs = ['news', 'announcements', 'slider', 'files', 'about'] as const;
type Tab = (typeof tabs)[number];

const panels: Record<Tab, () => React.JSX.Element> = {
  news: NewsPanel,
  announcements: AnnouncementsPanel,
  slider: SlidesPanel,
  files: FilesPanel,
  about: SiteSettingsPanel,
};

/** What members read: news, the marquee, the home slider, downloadable files, about us and the app version. */
export default function ContentSection() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = tabs.find((x) => x === asked) ?? 'news';
  const Panel = panels[tab];
  return (
    <SectionFrame title={t('admin.sections.content')} intro={t('content.admin.intro')}>
      <Tabs
        className={styles.tabs}
        activeKey={tab}
        onChange={(key) => setParams(key === 'news' ? {} : { tab: key }, { replace: true })}
      >
        {tabs.map((key) => (
          <Tabs.Tab
            key={key}
            title={<span data-testid={`content-tab-${key}`}>{t(`content.admin.tabs.${key}`)}</span>}
          />
        ))}
      </Tabs>
      <Panel />
    </SectionFrame>
  );
}
