import type { TTradingAccount } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { assetAmountText, signOf } from '../../shared/amounts';
import styles from './AccountPanel.module.css';
import { Empty, Section } from './Section';

interface AccountPanelProps {
  account: TTradingAccount | undefined;
  error: string | null;
  onRetry: () => void;
}

/** The balances of the venue's account of this market type: free, in orders (or margin), total. */
export function AccountPanel({ account, error, onRetry }: AccountPanelProps) {
  const { t } = useTranslation();
  const balances = (account?.balances ?? []).filter((b) => signOf(b.total) !== 0 || signOf(b.free) !== 0);
  return (
    <Section
      title={t('trading.account.title', { type: t(`trading.marketTypes.${account?.marketType ?? 'spot'}`) })}
      error={error}
      onRetry={onRetry}
      testId="trade-account"
    >
      {account && balances.length === 0 ? <Empty>{t('trading.account.empty')}</Empty> : null}
      {balances.length > 0 ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('trading.account.asset')}</th>
              <th scope="col">{t('trading.account.free')}</th>
              <th scope="col">{t('trading.account.used')}</th>
              <th scope="col">{t('trading.account.total')}</th>
            </tr>
          </thead>
          <tbody>
            {balances.map((b) => (
              <tr key={b.asset} data-testid={`balance-${b.asset}`}>
                <th scope="row">{b.asset}</th>
                <td>{assetAmountText(b.free, b.asset)}</td>
                <td>{assetAmountText(b.used, b.asset)}</td>
                <td>{assetAmountText(b.total, b.asset)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Section>
  );
}
