import type { TGeoPoint } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageLayout } from '../../shared/PageLayout';
import { AddressPaths } from '../addresses/address-paths';
import { LocationMap } from './LocationMap';
import styles from './LocationPages.module.css';
import { formatCoordinate, isChooseLocation, type PickedLocationState } from './location-paths';
import { ManualCoordinates } from './ManualCoordinates';
import { MapFallback } from './MapFallback';

/**
 * /choose-location: tap the map to drop a pin, then hand the point back to the form that opened this page
 * (router state, with that form's draft). Without tiles, the coordinates are typed instead.
 */
export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const opened = isChooseLocation(location.state) ? location.state : null;
  const returnTo = opened?.returnTo ?? AddressPaths.edit;
  const [point, setPoint] = useState<TGeoPoint | null>(opened?.point ?? null);
  const [tilesFailed, setTilesFailed] = useState(false);

  const confirm = () => {
    if (!point) return;
    const state: PickedLocationState = { draft: opened?.draft, picked: point };
    navigate(returnTo, { replace: true, state });
  };

  return (
    <PageLayout title={t('profile.location.chooseTitle')} backTo={returnTo} padded={false}>
      <div className={styles.page}>
        {tilesFailed ? (
          <MapFallback point={point} text={t('profile.location.unavailableText')}>
            <ManualCoordinates point={point} onPick={setPoint} />
          </MapFallback>
        ) : (
          <>
            <p className={styles.hint}>{t('profile.location.tapHint')}</p>
            <LocationMap point={point} onPick={setPoint} onTilesFailed={() => setTilesFailed(true)} />
          </>
        )}
        <footer className={styles.bar}>
          <span className={styles.readout} data-testid="location-readout">
            {point
              ? t('profile.location.coordinates', {
                  lat: formatCoordinate(point.latitude),
                  lng: formatCoordinate(point.longitude),
                })
              : t('profile.location.noPoint')}
          </span>
          <Button color="primary" disabled={!point} onClick={confirm} data-testid="location-confirm">
            {t('profile.location.use')}
          </Button>
        </footer>
      </div>
    </PageLayout>
  );
}
