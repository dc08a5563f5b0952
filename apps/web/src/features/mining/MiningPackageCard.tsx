import { type TMiningPackage, uploadUrlOf } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
// The spec's package cards look the same for bots and mining: one stylesheet for both.
import styles from '../bot-rentals/PackageCard.module.css';
import pictureStyles from './MiningPackageCard.module.css';

/** The amount banner colours of the spec's package cards, in turn. */
const tones = [styles.gold, styles.blue, styles.purple, styles.green] as const;

/** The package's picture, or a neutral placeholder when the admin set none. */
function PackagePicture({ pkg }: { pkg: TMiningPackage }) {
  return pkg.pictureUploadId ? (
    <img className={pictureStyles.picture} src={uploadUrlOf(pkg.pictureUploadId)} alt="" loading="lazy" />
  ) : (
    <div className={pictureStyles.placeholder} aria-hidden="true" data-testid="mining-picture-placeholder">
      <PictureOutline />
    </div>
  );
}

/** One mining package: picture, price banner, hash rate, duration, yield, and the buy button. */
export function MiningPackageCard({
  pkg,
  index,
  onBuy,
  onCart,
}: {
  pkg: TMiningPackage;
  index: number;
  onBuy: () => void;
  /** Puts one unit in the cart; absent where no cart is shown. */
  onCart?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <article
      className={styles.card}
      data-testid={`mining-package-${pkg.id}`}
      aria-labelledby={`mp-${pkg.id}`}
    >
      <PackagePicture pkg={pkg} />
      <header className={`${styles.banner} ${tones[index % tones.length]}`}>
        <h3 id={`mp-${pkg.id}`} className={styles.name}>
          {pkg.name}
        </h3>
        <p className={styles.price}>
          {answerAmount(pkg.price)} <small>{pkg.currency}</small>
        </p>
        <p className={styles.per}>{t('mining.card.forDays', { count: pkg.durationDays })}</p>
      </header>
      {pkg.description ? (
        <p className={styles.description} data-testid="mining-package-description">
          {pkg.description}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>{t('mining.card.hashRate')}</dt>
          <dd>{t('mining.ghs', { value: pkg.hashRateGhs })}</dd>
        </div>
        <div>
          <dt>{t('mining.card.yield')}</dt>
          <dd>
            {pkg.yieldPerUnit !== null
              ? t('mining.card.yieldFixed', {
                  amount: answerAmount(pkg.yieldPerUnit),
                  currency: pkg.minedCurrency,
                })
              : t(pkg.yieldRule === 'network' ? 'mining.card.yieldNetwork' : 'mining.card.yieldDaily', {
                  currency: pkg.minedCurrency,
                })}
          </dd>
        </div>
        {pkg.perMemberLimit !== null ? (
          <div>
            <dt>{t('mining.card.limit')}</dt>
            <dd>{pkg.perMemberLimit}</dd>
          </div>
        ) : null}
      </dl>
      <Button block color="primary" onClick={onBuy} data-testid={`buy-${pkg.id}`}>
        {t('mining.card.buy')}
      </Button>
      {onCart ? (
        <Button block fill="outline" color="primary" onClick={onCart} data-testid={`cart-${pkg.id}`}>
          {t('mining.card.addToCart')}
        </Button>
      ) : null}
    </article>
  );
}
