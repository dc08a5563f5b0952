import { type TGeoPoint, ZGeoPoint } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import styles from './LocationPages.module.css';
import { formatCoordinate } from './location-paths';

/** Latitude and longitude typed by hand: the way to set a point when the map cannot show. */
export function ManualCoordinates({
  point,
  onPick,
}: {
  point: TGeoPoint | null;
  onPick: (p: TGeoPoint) => void;
}) {
  const { t } = useTranslation();
  const [lat, setLat] = useState(point ? formatCoordinate(point.latitude) : '');
  const [lng, setLng] = useState(point ? formatCoordinate(point.longitude) : '');
  const [invalid, setInvalid] = useState(false);

  const apply = () => {
    const parsed = ZGeoPoint.safeParse({
      latitude: lat.trim() === '' ? Number.NaN : Number(lat),
      longitude: lng.trim() === '' ? Number.NaN : Number(lng),
    });
    setInvalid(!parsed.success);
    if (parsed.success) onPick(parsed.data);
  };

  return (
    <div className={styles.manual}>
      <div className={styles.manualRow}>
        <label htmlFor="manual-lat">{t('profile.location.latitude')}</label>
        <Input id="manual-lat" inputMode="decimal" value={lat} onChange={setLat} placeholder="3.139000" />
      </div>
      <div className={styles.manualRow}>
        <label htmlFor="manual-lng">{t('profile.location.longitude')}</label>
        <Input id="manual-lng" inputMode="decimal" value={lng} onChange={setLng} placeholder="101.686900" />
      </div>
      {invalid ? (
        <p className={styles.error} role="alert">
          {errorText('ADDRESS_COORDINATES_INVALID')}
        </p>
      ) : null}
      <Button block color="primary" fill="outline" onClick={apply} data-testid="manual-apply">
        {t('profile.location.applyManual')}
      </Button>
    </div>
  );
}
