import type { TMiningPackage } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import gridStyles from '../bot-rentals/PackagesPage.module.css';
import { BuySheet } from './BuySheet';
import { MiningPackageCard } from './MiningPackageCard';
import { miningApi, miningKeys } from './mining.api';
import { MiningPaths } from './mining-paths';

/** How many packages the home page shows; the mining page lists them all. */
const HOME_PACKAGES = 2;

/** cmsPackages: the first mining packages on sale, on the home page, each buyable from there. */
export function HomeMiningPackages() {
  const { t } = useTranslation();
  const packages = useQuery({
    queryKey: miningKeys.packages,
    queryFn: ({ signal }) => miningApi.packages(signal),
  });
  const [buying, setBuying] = useState<TMiningPackage | null>(null);
  const shown = packages.data?.items.slice(0, HOME_PACKAGES) ?? [];
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="home-mining-title" data-testid="home-mining">
      <h2 id="home-mining-title" className={gridStyles.heading}>
        {t('mining.choose')} · <Link to={MiningPaths.packages}>{t('mining.more')}</Link>
      </h2>
      <div className={gridStyles.grid}>
        {shown.map((pkg, index) => (
          <MiningPackageCard key={pkg.id} pkg={pkg} index={index} onBuy={() => setBuying(pkg)} />
        ))}
      </div>
      <BuySheet pkg={buying} onClose={() => setBuying(null)} onDone={() => setBuying(null)} />
    </section>
  );
}
