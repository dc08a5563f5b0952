import { useQuery } from '@tanstack/react-query';
import { SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Marquee } from '../../shared/Marquee';
import { contentApi, contentKeys } from './content.api';
import { HomeSlider } from './HomeSlider';
import { LatestNews } from './LatestNews';

/** The home page's announcements, slider and news: one call (GET /api/home), shown as parts arrive. */
export function useHomeContent() {
  return useQuery({ queryKey: contentKeys.home, queryFn: ({ signal }) => contentApi.home(signal) });
}

export function HomeAnnouncements() {
  const { t } = useTranslation();
  const { data } = useHomeContent();
  return (
    <Marquee
      items={data?.announcements.map((a) => a.text) ?? []}
      label={t('content.home.announcements')}
      icon={<SoundOutline aria-hidden="true" />}
    />
  );
}

export function HomeSlides() {
  const { data } = useHomeContent();
  return <HomeSlider slides={data?.slider ?? []} />;
}

export function HomeNews() {
  const { data } = useHomeContent();
  return data ? <LatestNews items={data.news} /> : null;
}
