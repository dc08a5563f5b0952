import type { TBotPreview } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { capitalText, QUOTE } from './display';
import styles from './PreviewTable.module.css';

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
                <td>{o.deviation}%</td>
                <td>{o.price}</td>
                <td>{o.amount}</td>
                <td>{o.averageEntry}</td>
                <td>{o.takeProfitPrice}</td>
                <td>{capitalText(o.capital)}</td>
                {perpetual && <td>{o.liquidationPrice}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className={styles.summary}>
        <div>
          <dt>{t('bots.preview.capitalRequired')}</dt>
          <dd data-testid="bot-capital-required">{`${capitalText(preview.capitalRequired)} ${QUOTE}`}</dd>
        </div>
        <div>
          <dt>{t('bots.preview.capitalAvailable')}</dt>
          <dd>{`${capitalText(preview.capitalAvailable)} ${QUOTE}`}</dd>
        </div>
        {preview.stopLossPrice && (
          <div>
            <dt>{t('bots.preview.stopLoss')}</dt>
            <dd>{preview.stopLossPrice}</dd>
          </div>
        )}
      </dl>
      {preview.problem && (
        <p className={styles.problem} role="alert" data-testid="bot-preview-problem">
          {errorText(preview.problem)}
        </p>
      )}
    </section>
  );
}
