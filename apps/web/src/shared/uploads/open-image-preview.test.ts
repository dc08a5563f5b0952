import { describe, expect, it } from 'vitest';
import { previewImageLink, previewOf } from './open-image-preview';

const a = '/api/uploads/6f1c1a52-4d0c-4b8e-9f0e-1a2b3c4d5e6f';
const b = '/api/uploads/0b8e2f4c-1111-4a2b-8c3d-4e5f60718293';

describe('preview links', () => {
  it('carry the pictures and the starting one through the query', () => {
    const link = previewImageLink([a, b], 1);
    expect(link.startsWith('/preview-image?')).toBe(true);
    expect(previewOf(new URLSearchParams(link.split('?')[1]))).toEqual({ urls: [a, b], index: 1 });
  });

  it('show only our own pictures: another site or a protocol-relative url is left out', () => {
    const params = new URLSearchParams();
    for (const url of ['https://evil.example/x.png', '//evil.example/x.png', 'javascript:alert(1)', a]) {
      params.append('u', url);
    }
    expect(previewOf(params).urls).toEqual([a]);
  });

  it('start at the first picture when the index is missing or out of range', () => {
    expect(previewOf(new URLSearchParams({ u: a, i: '5' })).index).toBe(0);
    expect(previewOf(new URLSearchParams({ u: a, i: '-1' })).index).toBe(0);
    expect(previewOf(new URLSearchParams({ u: a })).index).toBe(0);
  });
});
