import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Paths, type TStoredUpload } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { logIn, registerViaApi } from '../src/members';

// The full-screen picture viewer (/preview-image): a member's own private pictures (KYC purpose) load with
// the session cookie, swipe from one to the next, zoom, and the viewer closes back to where it was opened.
// Each size has a member of its own, registered for this spec.

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A picture of one colour with a white frame inside, drawn by the browser itself (no picture files in the
 * repository), so it reads as a picture on the screenshots.
 */
async function drawn(page: Page, width: number, height: number, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h, fill]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      if (g) {
        g.fillStyle = fill;
        g.fillRect(0, 0, w, h);
        g.strokeStyle = '#ffffff';
        g.lineWidth = w / 40;
        g.strokeRect(w * 0.1, h * 0.1, w * 0.8, h * 0.8);
      }
      return canvas.toDataURL('image/png');
    },
    [width, height, colour] as const,
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** Uploads through the API as the signed-in page (its cookie, our Origin), as the upload field does. */
async function upload(page: Page, picture: Buffer): Promise<TStoredUpload> {
  const response = await page.request.post(`${Paths.uploads}?purpose=kyc`, {
    headers: { Origin: inject('baseUrl') },
    multipart: { file: { name: 'id-card.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TStoredUpload;
}

/** The horizontal scale of the picture on screen (1 unzoomed), from its transform. */
function scaleOf(page: Page): Promise<number> {
  return page.evaluate(() => {
    const slides = document.querySelectorAll<HTMLElement>('.adm-image-viewer-image-wrapper');
    const scales = Array.from(slides, (el) => new DOMMatrix(getComputedStyle(el).transform).a);
    return Math.max(...scales);
  });
}

const shot = (page: Page, viewport: ViewportName, name: string) =>
  page.screenshot({ path: path.join(shots, `${viewport}-preview-image-${name}.png`) });

describe.each<ViewportName>(['phone', 'desktop'])('picture viewer at %s size', (viewport) => {
  it("shows a member's private pictures full screen, swipes, zooms and closes back", async () => {
    const { context, page } = await newPerson(browser, viewport);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    const member = await registerViaApi(context.request);
    await logIn(page, member.username, member.password);

    const front = await upload(page, await drawn(page, 800, 500, '#f08a24'));
    const back = await upload(page, await drawn(page, 500, 800, '#2470f0'));
    const link = `/preview-image?${new URLSearchParams([
      ['u', front.url],
      ['u', back.url],
      ['i', '0'],
    ])}`;

    // Opened from the home page (where the login landed), as a thumbnail would open it.
    await page.goto(url(link));
    const viewerRoot = page.getByTestId('preview-image');
    await viewerRoot.waitFor();
    const first = page.locator(`img[src="${front.url}"]`);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await expect.poll(() => page.locator('.adm-image-viewer-indicator').textContent()).toBe('1 / 2');
    await shot(page, viewport, 'first');

    // A swipe to the left brings the next picture.
    const box = await viewerRoot.boundingBox();
    if (!box) throw new Error('the viewer has no box');
    const y = box.y + box.height / 2;
    // Swiped again until it shows: a drag that starts while the viewer still settles is not taken as a swipe
    // on a busy machine, and a second swipe at the last picture stays there.
    const indicator = page.locator('.adm-image-viewer-indicator');
    await expect
      .poll(
        async () => {
          await page.mouse.move(box.x + box.width * 0.8, y);
          await page.mouse.down();
          for (let step = 1; step <= 10; step++)
            await page.mouse.move(box.x + box.width * (0.8 - step * 0.06), y);
          await page.mouse.up();
          return indicator.textContent();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('2 / 2');
    const second = page.locator(`img[src="${back.url}"]`);
    await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(500);

    // The keyboard goes back on a desktop.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => indicator.textContent(), { timeout: 10_000 }).toBe('1 / 2');

    // A pinch (a trackpad pinch reaches the page as a wheel with Ctrl) zooms in.
    expect(await scaleOf(page)).toBeCloseTo(1);
    await page.mouse.move(box.x + box.width / 2, y);
    // The Ctrl+wheel events are dispatched at the picture itself: Playwright's mouse.wheel with Control held
    // left the scale at 1 in about one run of three on this busy machine (cause not pinned down). Repeated
    // until it has zoomed, as turns that land while the slide still moves are ignored.
    const centre = { x: box.x + box.width / 2, y };
    await expect
      .poll(
        async () => {
          await page.evaluate(({ x, y }) => {
            const target = document.elementFromPoint(x, y);
            const init = {
              deltaY: -60,
              ctrlKey: true,
              bubbles: true,
              cancelable: true,
              clientX: x,
              clientY: y,
            };
            target?.dispatchEvent(new WheelEvent('wheel', init));
          }, centre);
          return scaleOf(page);
        },
        // Vitest polls for 1 s by default: too short for the zoom animation on a loaded machine.
        { timeout: 15_000, interval: 300 },
      )
      .toBeGreaterThan(1.2);
    await shot(page, viewport, 'zoomed');

    // Close goes back to where the viewer was opened.
    await page.getByTestId('preview-close').click();
    await page.waitForURL(/#\/pages\/home\/home/);

    // A link naming only another site's picture shows nothing of it.
    await page.goto(url('/preview-image?u=https%3A%2F%2Fevil.example%2Fx.png'));
    await page.getByTestId('preview-nothing').waitFor();
    await shot(page, viewport, 'nothing');
    expect(failures).toEqual([]);
    await context.close();
  });
});
