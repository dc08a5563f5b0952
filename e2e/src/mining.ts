import { Paths } from '@app/contracts';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject } from 'vitest';

/** What the mining specs set up through the API: an approved KYC and a voucher, and test pictures. */

/** A request of a signed-in page, as the web app sends it (our Origin, for the CSRF check). */
export const call = (request: APIRequestContext, method: 'get' | 'post', path: string, data?: object) =>
  request[method](path, { headers: { origin: inject('baseUrl') }, ...(data ? { data } : {}) });

/** A PNG of one colour (with a darker band, so a picture is recognisable in a screenshot). */
export function colourPicture(seed: number, width = 320, height = 200): Promise<Buffer> {
  const background = { r: (seed * 40) % 256, g: 120, b: 80 };
  const band = Buffer.from(
    `<svg width="${width}" height="${height}"><rect x="0" y="${height / 2}" width="${width}" height="${height / 6}" fill="rgb(20,40,90)"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: band }])
    .png()
    .toBuffer();
}

export async function submitKyc(page: Page, fullName: string, seed: number): Promise<void> {
  const ids: string[] = [];
  for (const i of [0, 1, 2]) {
    const res = await page.request.post(`${Paths.uploads}?purpose=kyc`, {
      headers: { origin: inject('baseUrl') },
      multipart: {
        file: { name: `id-${i}.png`, mimeType: 'image/png', buffer: await colourPicture(seed + i) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    ids.push(((await res.json()) as { id: string }).id);
  }
  const res = await call(page.request, 'post', Paths.kyc, {
    country: 'MY',
    idType: 'passport',
    fullName,
    idNumber: `M${seed}${Date.now()}`.slice(0, 20),
    frontUploadId: ids[0],
    backUploadId: ids[1],
    holdingUploadId: ids[2],
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function approveKycAndGiveVoucher(admin: Page, username: string): Promise<void> {
  const queue = await call(admin.request, 'get', `${Paths.adminKyc}?status=pending&pageSize=50`);
  const items = ((await queue.json()) as { items: Array<{ id: string; username: string }> }).items;
  const submission = items.find((i) => i.username === username);
  expect(submission, JSON.stringify(items)).toBeDefined();
  const approved = await call(
    admin.request,
    'post',
    Paths.adminKycApprove.replace(':id', submission!.id),
    {},
  );
  expect(approved.status(), await approved.text()).toBe(200);
  const voucher = await call(admin.request, 'post', Paths.adminVouchers, {
    usernames: [username],
    discountBps: 1000,
    validDays: 30,
  });
  expect(voucher.status(), await voucher.text()).toBe(200);
}
