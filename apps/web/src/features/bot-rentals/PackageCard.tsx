import type { TBotPackage } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import styles from './PackageCard.module.css';

/** The amount banner colours of the spec's package cards, in turn. */
const tones = [styles.gold, styles.blue, styles.purple, styles.green] as const;

/** One bot package as a card: price banner, what it gives, and the rent button. */
export function PackageCard({ pkg, index, onRent }: { pkg: TBotPackage; index: number; onRent: () => void }) {
  const { t } = useTranslation();
  return (
    <article
      className={styles.card}
      data-testid={`package-${pkg.id}`}
      aria-labelledby={`package-name-${pkg.id}`}
    >
      <header className={`${styles.banner} ${tones[index % tones.length]}`}>
        <h3 id={`package-name-${pkg.id}`} className={styles.name}>
          {pkg.name}
        </h3>
        <p className={styles.price}>
          {answerAmount(pkg.price)} <small>{pkg.currency}</small>
        </p>
        <p className={styles.per}>{t('rentals.packages.forDays', { count: pkg.durationDays })}</p>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t('rentals.packages.capitalLimit')}</dt>
          <dd>
            {answerAmount(pkg.capitalLimit)} {pkg.currency}
          </dd>
        </div>
        <div>
          <dt>{t('rentals.packages.exchanges')}</dt>
          <dd>{pkg.exchanges.map((e) => t(`rentals.exchanges.${e}`)).join(', ')}</dd>
        </div>
        <div>
          <dt>{t('rentals.packages.markets')}</dt>
          <dd>{pkg.marketTypes.map((m) => t(`rentals.markets.${m}`)).join(', ')}</dd>
        </div>
        {pkg.topUpUnit && pkg.topUpUnitPrice ? (
          <div>
            <dt>{t('rentals.packages.topUp')}</dt>
            <dd>
              {t('rentals.packages.topUpRate', {
                unit: answerAmount(pkg.topUpUnit),
                price: answerAmount(pkg.topUpUnitPrice),
                currency: pkg.currency,
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      <Button block color="primary" onClick={onRent} data-testid={`rent-${pkg.id}`}>
        {t('rentals.packages.rent')}
      </Button>
    </article>
  );
}
