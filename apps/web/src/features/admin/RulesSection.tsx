import { useTranslation } from 'react-i18next';
import { ExchangePairsPanel } from './ExchangePairsPanel';
import { PricesPanel } from './PricesPanel';
import styles from './RulesSection.module.css';
import { SectionFrame } from './SectionFrame';
import { TransferRulesPanel } from './TransferRulesPanel';

/** The money settings: transfer rules, exchange pairs and coin prices. */
export default function RulesSection() {
  const { t } = useTranslation();
  return (
    <SectionFrame title={t('admin.sections.rules')} intro={t('admin.intro.rules')}>
      <div className={styles.grid}>
        <TransferRulesPanel />
        <PricesPanel />
        <div className={styles.wide}>
          <ExchangePairsPanel />
        </div>
      </div>
    </SectionFrame>
  );
}
