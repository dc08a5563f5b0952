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

/** Two facts in one cell, the second smaller under the first: the ladder then fits a 390 px phone. */
function Pair({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <>
      <span className={styles.main}>{main}</span>
      <span className={styles.sub}>{sub}</span>
    </>
  );
}

/**
 * The ladder a configuration places: each order with its deviation, price and size, the average entry and
 * take-profit after it, and its capital. Related figures share a column (two lines) so seven figures fit a
 * phone's width without a sideways scroll.
 */
export function PreviewTable({ preview, perpetual }: { preview: TBotPreview; perpetual: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={styles.preview} aria-label={t('bots.preview.title')} data-testid="bot-preview">
      <div className={styles.scroll}>
        <table className={`${styles.table} ${styles.paired}`}>
          <thead>
            <tr>
              <th>
                <Pair main={t('bots.preview.order')} sub={t('bots.preview.deviation')} />
              </th>
              <th>
                <Pair main={t('bots.preview.price')} sub={t('bots.preview.amount')} />
              </th>
              <th>
                <Pair main={t('bots.preview.averageEntry')} sub={t('bots.preview.takeProfit')} />
              </th>
              <th>{t('bots.preview.capital')}</th>
              {perpetual && <th>{t('bots.preview.liquidation')}</th>}
            </tr>
          </thead>
          <tbody>
            {preview.orders.map((o) => (
              <tr key={o.index}>
                <td>
                  <Pair
                    main={
                      o.kind === 'base' ? t('bots.preview.base') : t('bots.preview.safety', { n: o.index })
                    }
                    sub={`${answerAmount(o.deviation)}%`}
                  />
                </td>
                <td>
                  <Pair main={answerAmount(o.price)} sub={answerAmount(o.amount)} />
                </td>
                <td>
                  <Pair main={answerAmount(o.averageEntry)} sub={answerAmount(o.takeProfitPrice)} />
                </td>
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
