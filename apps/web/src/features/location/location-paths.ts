import { type TGeoPoint, ZGeoPoint } from '@app/contracts';
import { LocationPaths } from './location-routes';

export { LocationPaths };

/** `/open-location?lat=&lng=`: the page that shows one point. */
export function locationLink(point: TGeoPoint): string {
  return `${LocationPaths.open}?${new URLSearchParams({ lat: String(point.latitude), lng: String(point.longitude) })}`;
}

/** The point of an `/open-location` link, or null when it names none (or an impossible one). */
export function pointOf(params: URLSearchParams): TGeoPoint | null {
  const lat = params.get('lat');
  const lng = params.get('lng');
  if (lat === null || lng === null || lat.trim() === '' || lng.trim() === '') return null;
  const parsed = ZGeoPoint.safeParse({ latitude: Number(lat), longitude: Number(lng) });
  return parsed.success ? parsed.data : null;
}

/**
 * What a form hands `/choose-location` in the router state: where to come back to, the point it has, and
 * its unsaved values (a draft) so nothing typed is lost on the way.
 */
export interface ChooseLocationState {
  returnTo: string;
  point: TGeoPoint | null;
  draft: unknown;
}

/** What `/choose-location` hands back: the draft as it was, and the point picked. */
export interface PickedLocationState {
  draft: unknown;
  picked: TGeoPoint;
}

export function isPickedLocation(state: unknown): state is PickedLocationState {
  return (
    typeof state === 'object' &&
    state !== null &&
    'picked' in state &&
    ZGeoPoint.safeParse((state as { picked: unknown }).picked).success
  );
}

export function isChooseLocation(state: unknown): state is ChooseLocationState {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { returnTo?: unknown }).returnTo === 'string'
  );
}

/** Six decimals: about 10 cm, finer than a tap can be. */
export const formatCoordinate = (value: number) => value.toFixed(6);
