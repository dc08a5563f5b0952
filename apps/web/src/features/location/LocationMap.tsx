import 'leaflet/dist/leaflet.css';
import type { TGeoPoint } from '@app/contracts';
import { divIcon, type LeafletMouseEvent } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import styles from './LocationMap.module.css';

/** OpenStreetMap's standard tiles: no key needed. The API's Content-Security-Policy allows this host. */
const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Where an empty map opens: the region the sign-up's first country prefix (Malaysia) is in. */
const REGION_CENTER: [number, number] = [3.139, 101.6869];
/** A map that has shown no tile after this long is treated like one whose tiles failed. */
export const TILE_WAIT_MS = 10_000;

// A pin drawn in CSS: Leaflet's default marker pictures do not survive bundling.
const pin = divIcon({
  className: styles.pinHolder,
  html: `<span class="${styles.pin}"></span>`,
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

function TapToPick({ onPick }: { onPick: (point: TGeoPoint) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  return null;
}

/** Keeps the view on the pin when it moves from outside the map (typed coordinates). */
function FollowPoint({ point }: { point: TGeoPoint | null }) {
  const map = useMap();
  useEffect(() => {
    if (point) map.panTo([point.latitude, point.longitude]);
  }, [map, point]);
  return null;
}

interface LocationMapProps {
  point: TGeoPoint | null;
  /** When given, a tap on the map drops the pin there. */
  onPick?: (point: TGeoPoint) => void;
  /** Tiles failed to load (offline, blocked): the page shows its fallback instead. */
  onTilesFailed: () => void;
}

/** A Leaflet map on OpenStreetMap tiles with one pin. */
export function LocationMap({ point, onPick, onTilesFailed }: LocationMapProps) {
  const { t } = useTranslation();
  const loaded = useRef(false);
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;

  useEffect(() => {
    const timer = setTimeout(() => {
      if (!loaded.current) failed.current();
    }, TILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className={styles.frame} data-testid="location-map">
      <MapContainer
        className={styles.map}
        center={point ? [point.latitude, point.longitude] : REGION_CENTER}
        zoom={point ? 16 : 5}
        attributionControl
      >
        <TileLayer
          url={TILE_URL}
          attribution={t('profile.location.attribution')}
          eventHandlers={{
            tileload: () => {
              loaded.current = true;
            },
            tileerror: () => failed.current(),
          }}
        />
        {point ? <Marker position={[point.latitude, point.longitude]} icon={pin} /> : null}
        {onPick ? <TapToPick onPick={onPick} /> : null}
        <FollowPoint point={point} />
      </MapContainer>
    </div>
  );
}
