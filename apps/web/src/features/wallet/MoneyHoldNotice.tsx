import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import { Notice } from '../../shared/Notice';
import { useMoneyHold } from './money-hold';

/**
 * Says before the member tries why money actions will be refused, and until when: a lock after too many
 * wrong transaction passwords (every money action), and, on screens whose money leaves the member
 * (`outflow`: transfers, airdrops, withdrawals...), the hold after a credential change with its reason.
 */
export function MoneyHoldNotice({ outflow }: { outflow: boolean }) {
  const { t } = useTranslation();
  const { data } = useMoneyHold();
  if (!data) return null;
  const lockedUntil = data.transactionPasswordLockedUntil;
  const hold = outflow ? data.hold : null;
  return (
    <>
      {lockedUntil ? (
        <Notice tone="warning" testId="money-lock">
          {t('moneyHold.locked', { until: dateTimeText(lockedUntil) })}
        </Notice>
      ) : null}
      {hold ? (
        <Notice tone="warning" testId="money-hold">
          {t('moneyHold.held', {
            change: t(`moneyHold.change.${hold.reason}`),
            until: dateTimeText(hold.until),
          })}{' '}
          {t('moneyHold.notYou')}
        </Notice>
      ) : null}
    </>
  );
}
