import type { TGeoPoint } from '@app/contracts';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LocationPages.module.css';
import { formatCoordinate } from './location-paths';

/** What stands in for a map whose tiles could not load: the reason, the coordinates, and a way on. */
export function MapFallback({
  point,
  text,
  children,
}: {
  point: TGeoPoint | null;
  /** What the member can do instead, in words (type the point in, or open it elsewhere). */
  text: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.fallback} data-testid="map-fallback" role="status">
      <ExclamationCircleOutline className={styles.fallbackIcon} aria-hidden="true" />
      <h2 className={styles.fallbackTitle}>{t('profile.location.unavailableTitle')}</h2>
      <p className={styles.fallbackText}>{text}</p>
      <p className={styles.coordinates} data-testid="map-fallback-point">
        {point
          ? t('profile.location.coordinates', {
              lat: formatCoordinate(point.latitude),
              lng: formatCoordinate(point.longitude),
            })
          : t('profile.location.noPoint')}
      </p>
      {children}
    </section>
  );
}
