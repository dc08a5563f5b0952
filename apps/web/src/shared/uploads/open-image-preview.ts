import type { NavigateFunction } from 'react-router-dom';

/** The full-screen picture viewer of spec section 2 (verbatim from routes.txt). */
export const PreviewImagePath = '/preview-image';

/**
 * Only our own server's paths are shown (uploads are served same-origin with the session cookie): a link
 * cannot turn the viewer into a window on another site.
 */
export const isOwnImageUrl = (url: string) =>
  url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

/**
 * `/preview-image?u=<url>&u=<url>&i=<index>`: the pictures travel in the query, so the page survives a
 * reload and the back button returns to where it was opened.
 */
export function previewImageLink(urls: readonly string[], index = 0): string {
  const params = new URLSearchParams();
  for (const url of urls) params.append('u', url);
  params.set('i', String(index));
  return `${PreviewImagePath}?${params}`;
}

/** The pictures and the starting one of a preview link; an unknown or foreign url is left out. */
export function previewOf(params: URLSearchParams): { urls: string[]; index: number } {
  const urls = params.getAll('u').filter(isOwnImageUrl);
  const asked = Number.parseInt(params.get('i') ?? '0', 10);
  const index = Number.isInteger(asked) && asked >= 0 && asked < urls.length ? asked : 0;
  return { urls, index };
}

/** Opens the viewer on `urls`, starting at `index`; closing it comes back here. */
export function openImagePreview(navigate: NavigateFunction, urls: readonly string[], index = 0): void {
  navigate(previewImageLink(urls, index));
}
