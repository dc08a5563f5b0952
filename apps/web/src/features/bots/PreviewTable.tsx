import type { TBotPreview } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { answerAmount } from '../../shared/amounts';
import { capitalText, QUOTE } from './display';
import styles from './PreviewTable.module.css';

/**
 * What a preview needs against what the rental leaves, and any further facts (`children`, as `dt`/`dd`
 * pairs). `needed` is [label, amount, test id].
 */
export function CapitalSummary({
  needed: [label, amount, testId],
  available,
  children,
}: {
  needed: [string, string, string];
  available: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{label}</dt>
        <dd data-testid={testId}>{`${capitalText(amount)} ${QUOTE}`}</dd>
      </div>
      <div>
        <dt>{t('bots.preview.capitalAvailable')}</dt>
        <dd>{`${capitalText(available)} ${QUOTE}`}</dd>
      </div>
      {children}
    </dl>
  );
}

/** The ladder a configuration places: each order's price, size, the average entry after it and the capital. */
export function PreviewTable({ preview, perpetual }: { preview: TBotPreview; perpetual: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={styles.preview} aria-label={t('bots.preview.title')} data-testid="bot-preview">
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('bots.preview.order')}</th>
              <th>{t('bots.preview.deviation')}</th>
              <th>{t('bots.preview.price')}</th>
              <th>{t('bots.preview.amount')}</th>
              <th>{t('bots.preview.averageEntry')}</th>
              <th>{t('bots.preview.takeProfit')}</th>
              <th>{t('bots.preview.capital')}</th>
              {perpetual && <th>{t('bots.preview.liquidation')}</th>}
            </tr>
          </thead>
          <tbody>
            {preview.orders.map((o) => (
              <tr key={o.index}>
                <td>
                  {o.kind === 'base' ? t('bots.preview.base') : t('bots.preview.safety', { n: o.index })}
                </td>
                <td>{answerAmount(o.deviation)}%</td>
                <td>{answerAmount(o.price)}</td>
                <td>{answerAmount(o.amount)}</td>
                <td>{answerAmount(o.averageEntry)}</td>
                <td>{answerAmount(o.takeProfitPrice)}</td>
                <td>{capitalText(o.capital)}</td>
                {perpetual && <td>{o.liquidationPrice === null ? '—' : answerAmount(o.liquidationPrice)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CapitalSummary
        needed={[t('bots.preview.capitalRequired'), preview.capitalRequired, 'bot-capital-required']}
        available={preview.capitalAvailable}
      >
        {preview.stopLossPrice && (
          <div>
            <dt>{t('bots.preview.stopLoss')}</dt>
            <dd>{answerAmount(preview.stopLossPrice)}</dd>
          </div>
        )}
      </CapitalSummary>
      {preview.problem && (
        <p className={styles.problem} role="alert" data-testid="bot-preview-problem">
          {errorText(preview.problem)}
        </p>
      )}
    </section>
  );
}
