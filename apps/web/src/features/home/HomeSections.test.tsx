import { ContentEndpoints, MiningEndpoints, type THome, type TMiningPackage } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import { HomeAnnouncements, HomeNews, HomeSlides } from '../content/HomeContent';
import { HomeMiningPackages } from '../mining/HomeMiningPackages';

// The home page's sections from their two answers (GET /api/home, the mining packages): nothing of either
// before it has come, then each section with its part.

const home: THome = {
  announcements: [{ id: 'a1', text: 'Maintenance on Sunday', language: 'en-US' }],
  slider: [{ id: 's1', imageUrl: '/api/uploads/s1', alt: 'Spring offer', link: null, position: 1 }],
  news: [
    {
      id: 'n1',
      title: 'New mining packages',
      summary: 'Three new packages',
      language: 'en-US',
      coverUrl: null,
      important: false,
      publishedAt: '2026-11-20T10:00:00.000Z',
      clickCount: 3,
    },
  ],
};

function miningPackage(id: string, name: string, sort: number): TMiningPackage {
  return {
    id,
    categoryId: null,
    name,
    description: '',
    pictureUploadId: null,
    price: '100',
    currency: 'USDT',
    hashRateGhs: '10',
    durationDays: 30,
    minedCurrency: 'BTC',
    yieldRule: 'daily',
    yieldPerUnit: null,
    perMemberLimit: null,
    onSale: true,
    sort,
  };
}

/** Answers held until the test lets them go, so the sections are seen before and after. */
let release: () => void;

beforeEach(() => {
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api = fakeApi((url) => {
    if (url.pathname === ContentEndpoints.home.path) return { body: home };
    if (url.pathname === MiningEndpoints.miningPackages.path) {
      return {
        body: {
          items: [
            miningPackage('p1', 'Starter', 1),
            miningPackage('p2', 'Pro', 2),
            miningPackage('p3', 'Max', 3),
          ],
        },
      };
    }
    return undefined;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      await answered;
      return api(input, init);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the home page's sections", () => {
  it('show nothing of an answer before it comes, then each its part of it', async () => {
    renderPage(
      '/pages/home/home',
      '/pages/home/home',
      <>
        <HomeAnnouncements />
        <HomeSlides />
        <HomeNews />
        <HomeMiningPackages />
      </>,
    );
    expect(screen.queryByText('New mining packages')).toBeNull();
    expect(screen.queryByTestId('home-mining')).toBeNull();

    release();
    expect(await screen.findByText('New mining packages')).toBeTruthy();
    expect(screen.getAllByText('Maintenance on Sunday').length).toBeGreaterThan(0);
    expect(screen.getByAltText('Spring offer')).toBeTruthy();
    const mining = await screen.findByTestId('home-mining');
    expect(within(mining).getByText('Starter')).toBeTruthy();
    expect(within(mining).getByText('Pro')).toBeTruthy();
    // The home page shows the first two; the mining page lists them all.
    expect(within(mining).queryByText('Max')).toBeNull();
  });

  it("load the buy sheet on a card's Buy, not with the page, and open it for that package", async () => {
    renderPage('/pages/home/home', '/pages/home/home', <HomeMiningPackages />);
    release();
    const mining = await screen.findByTestId('home-mining');
    expect(screen.queryByText('Buy a mining package')).toBeNull();

    fireEvent.click(within(mining).getByTestId('buy-p2'));
    expect(await screen.findByText('Buy a mining package')).toBeTruthy();
    expect(screen.getAllByText('Pro').length).toBeGreaterThan(1);
  });
});
