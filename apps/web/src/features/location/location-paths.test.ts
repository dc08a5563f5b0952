import { describe, expect, it } from 'vitest';
import { isPickedLocation, locationLink, pointOf } from './location-paths';

describe('location links', () => {
  it('round-trips a point through /open-location', () => {
    const link = locationLink({ latitude: 3.1579, longitude: 101.7116 });
    expect(link).toBe('/open-location?lat=3.1579&lng=101.7116');
    expect(pointOf(new URLSearchParams(link.split('?')[1]))).toEqual({
      latitude: 3.1579,
      longitude: 101.7116,
    });
  });

  it.each(['', 'lat=3', 'lat=91&lng=0', 'lat=abc&lng=1', 'lat=&lng=', 'lat=1&lng=181'])(
    'finds no point in "%s"',
    (query) => {
      expect(pointOf(new URLSearchParams(query))).toBeNull();
    },
  );

  it('recognises only a well-formed pick in router state', () => {
    expect(isPickedLocation({ draft: {}, picked: { latitude: 1, longitude: 2 } })).toBe(true);
    expect(isPickedLocation({ picked: { latitude: 100, longitude: 2 } })).toBe(false);
    expect(isPickedLocation(null)).toBe(false);
  });
});
