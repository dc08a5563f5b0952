import type { TBotGroupPreview } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { answerAmount } from '../../shared/amounts';
import { capitalText } from './display';
import { CapitalSummary } from './PreviewTable';
import styles from './PreviewTable.module.css';

/**
 * An all-in-one basket before it starts: each symbol's price, how far its ladder reaches, the capital it
 * needs (planned in the basket's order against what the rental leaves) and whether it fits; then the
 * basket's total against the rental.
 */
export function BasketPreview({ preview, perpetual }: { preview: TBotGroupPreview; perpetual: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={styles.preview} aria-label={t('bots.aio.preview')} data-testid="bot-basket-preview">
      <h4 className={styles.heading}>{t('bots.aio.preview')}</h4>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('bots.aio.symbol')}</th>
              <th>{t('bots.preview.price')}</th>
              <th>{t('bots.aio.lastOrder')}</th>
              <th>{t('bots.preview.capital')}</th>
              {perpetual && <th>{t('bots.preview.liquidation')}</th>}
              <th>{t('bots.aio.fits')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.symbols.map((s) => (
              <tr key={s.symbol} data-testid="bot-basket-row">
                <td>{s.symbol}</td>
                <td>{answerAmount(s.basePrice)}</td>
                <td>{answerAmount(s.lastOrderPrice)}</td>
                <td>{capitalText(s.capitalRequired)}</td>
                {perpetual && <td>{s.liquidationPrice ?? '—'}</td>}
                <td className={s.problem ? styles.refused : undefined}>
                  {s.problem ? errorText(s.problem) : t('bots.aio.fitsYes')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CapitalSummary
        needed={[t('bots.aio.total'), preview.capitalRequired, 'bot-basket-capital']}
        available={preview.capitalAvailable}
      />
      {preview.problem && (
        <p className={styles.problem} role="alert" data-testid="bot-basket-problem">
          {errorText(preview.problem)}
        </p>
      )}
    </section>
  );
}
