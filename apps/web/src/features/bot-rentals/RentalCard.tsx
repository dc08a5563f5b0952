import type { TBotRental } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';
import styles from './RentalCard.module.css';

/** One of the member's rentals: its limits, how long it still runs, renew and top up. */
export function RentalCard({
  rental,
  onRenew,
  onTopUp,
}: {
  rental: TBotRental;
  onRenew: () => void;
  onTopUp: () => void;
}) {
  const { t } = useTranslation();
  const canTopUp = rental.active && rental.topUpUnit !== null;
  return (
    <article
      className={styles.card}
      data-testid={`rental-${rental.id}`}
      aria-labelledby={`rental-name-${rental.id}`}
    >
      <header className={styles.header}>
        <h3 id={`rental-name-${rental.id}`}>{rental.packageName}</h3>
        <Tag color={rental.active ? 'success' : 'default'} fill="outline">
          {t(rental.active ? 'rentals.mine.active' : 'rentals.mine.ended')}
        </Tag>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t('rentals.mine.capitalLimit')}</dt>
          <dd data-testid="rental-capital">
            {answerAmount(rental.capitalLimit)} {rental.currency}
          </dd>
        </div>
        <div>
          <dt>{t('rentals.mine.daysLeft')}</dt>
          <dd data-testid="rental-days-left">{t('rentals.mine.days', { count: rental.daysLeft })}</dd>
        </div>
        <div>
          <dt>{t('rentals.mine.endsAt')}</dt>
          <dd>{dateTimeText(rental.endsAt)}</dd>
        </div>
        <div>
          <dt>{t('rentals.buy.mode')}</dt>
          <dd>{t(`rentals.mode.${rental.mode}`)}</dd>
        </div>
        <div>
          <dt>{t('rentals.packages.exchanges')}</dt>
          <dd>{rental.exchanges.map((e) => t(`rentals.exchanges.${e}`)).join(', ')}</dd>
        </div>
      </dl>
      <div className={styles.buttons}>
        <Button size="small" color="primary" fill="outline" disabled={!canTopUp} onClick={onTopUp}>
          {t('rentals.mine.topUp')}
        </Button>
        <Button size="small" color="primary" onClick={onRenew}>
          {t('rentals.mine.renew', { price: answerAmount(rental.renewPrice), currency: rental.currency })}
        </Button>
      </div>
    </article>
  );
}
