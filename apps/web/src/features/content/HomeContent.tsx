import { useQuery } from '@tanstack/react-query';
import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Marquee } from '../../shared/Marquee';
import { contentApi, contentKeys } from './content.api';
import styles from './HomeContent.module.css';
import { HomeSlider } from './HomeSlider';
import { LatestNews } from './LatestNews';

/** The home page's announcements, slider and news: one call (GET /api/home), shown as parts arrive. */
export function useHomeContent() {
  return useQuery({ queryKey: contentKeys.home, queryFn: ({ signal }) => contentApi.home(signal) });
}

// While GET /api/home is on its way each part holds its place (an empty box of its size), so the
// page below does not jump down when it arrives: that jump was most of the home page's layout shift.

export function HomeAnnouncements() {
  const { t } = useTranslation();
  const { data, isPending } = useHomeContent();
  if (isPending) return <div className={styles.announcementsSlot} aria-hidden="true" />;
  return (
    <Marquee
      items={data?.announcements.map((a) => a.text) ?? []}
      label={t('content.home.announcements')}
      icon={<SoundOutline aria-hidden="true" />}
    />
  );
}

export function HomeSlides() {
  const { data, isPending } = useHomeContent();
  if (isPending) return <div className={styles.sliderSlot} aria-hidden="true" />;
  return <HomeSlider slides={data?.slider ?? []} />;
}

export function HomeNews() {
  const { data, isPending } = useHomeContent();
  if (isPending) return <div className={styles.newsSlot} aria-hidden="true" />;
  return data ? <LatestNews items={data.news} /> : null;
}
