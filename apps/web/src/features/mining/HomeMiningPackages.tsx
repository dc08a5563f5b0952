import type { TMiningPackage } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loadOnUse } from '../../app/load-on-use';
import { whenUserEngages } from '../../shared/use-page-idle';
import gridStyles from '../bot-rentals/PackagesPage.module.css';
import { MiningPackageCard } from './MiningPackageCard';
import { miningApi, miningKeys } from './mining.api';
import { MiningPaths } from './mining-paths';

/** How many packages the home page shows; the mining page lists them all. */
const HOME_PACKAGES = 2;

/**
 * The buy sheet loads when the member starts using the page, not with it (issue 19, §99): its form, the
 * vouchers, wallets and sealing it reaches, and their schemas, were a third of the home page's shared
 * chunk, evaluated in one of the page's long tasks before anything was bought.
 */
const importBuySheet = () => import('./BuySheet').then((module) => module.BuySheet);
/** A Buy tapped offline before the sheet came says so, as a call that cannot reach the server does. */
const loadBuySheet = loadOnUse(importBuySheet);
type Sheet = Awaited<ReturnType<typeof importBuySheet>>;

/** cmsPackages: the first mining packages on sale, on the home page, each buyable from there. */
export function HomeMiningPackages() {
  const { t } = useTranslation();
  const packages = useQuery({
    queryKey: miningKeys.packages,
    queryFn: ({ signal }) => miningApi.packages(signal),
  });
  const [buying, setBuying] = useState<TMiningPackage | null>(null);
  const [BuySheet, setBuySheet] = useState<Sheet | null>(null);
  // Fetched at the first touch, so a tap on Buy rarely waits for it; a failure here is left to that tap.
  useEffect(() => whenUserEngages(() => void importBuySheet().catch(() => {})), []);
  const buy = (pkg: TMiningPackage) => {
    loadBuySheet().then(
      (sheet) => {
        setBuySheet(() => sheet);
        setBuying(pkg);
      },
      () => {},
    );
  };
  const shown = packages.data?.items.slice(0, HOME_PACKAGES) ?? [];
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="home-mining-title" data-testid="home-mining">
      <h2 id="home-mining-title" className={gridStyles.heading}>
        {t('mining.choose')} · <Link to={MiningPaths.packages}>{t('mining.more')}</Link>
      </h2>
      <div className={gridStyles.grid}>
        {shown.map((pkg, index) => (
          <MiningPackageCard key={pkg.id} pkg={pkg} index={index} onBuy={() => buy(pkg)} />
        ))}
      </div>
      {BuySheet ? (
        <BuySheet pkg={buying} onClose={() => setBuying(null)} onDone={() => setBuying(null)} />
      ) : null}
    </section>
  );
}
