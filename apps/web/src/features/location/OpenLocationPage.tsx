import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageLayout } from '../../shared/PageLayout';
import { AddressPaths } from '../addresses/address-paths';
import { LocationMap } from './LocationMap';
import styles from './LocationPages.module.css';
import { formatCoordinate, pointOf } from './location-paths';
import { MapFallback } from './MapFallback';

/** /open-location?lat=&lng=: one point on the map (a saved address's location). */
export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const point = pointOf(params);
  const [tilesFailed, setTilesFailed] = useState(false);
  const external = point
    ? `https://www.openstreetmap.org/?mlat=${point.latitude}&mlon=${point.longitude}#map=17/${point.latitude}/${point.longitude}`
    : null;

  return (
    <PageLayout title={t('profile.location.openTitle')} backTo={AddressPaths.list} padded={false}>
      <div className={styles.page}>
        {point && !tilesFailed ? (
          <LocationMap point={point} onTilesFailed={() => setTilesFailed(true)} />
        ) : (
          <MapFallback
            point={point}
            text={t(point ? 'profile.location.unavailableOpenText' : 'profile.location.noPointText')}
          />
        )}
        {point && external ? (
          <footer className={styles.bar}>
            <span className={styles.readout} data-testid="location-readout">
              {t('profile.location.coordinates', {
                lat: formatCoordinate(point.latitude),
                lng: formatCoordinate(point.longitude),
              })}
            </span>
            <a className={styles.external} href={external} target="_blank" rel="noreferrer">
              {t('profile.location.openExternal')}
            </a>
          </footer>
        ) : null}
      </div>
    </PageLayout>
  );
}
