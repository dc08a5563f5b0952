import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Segmented } from '../trading/Segmented';
import styles from './BotSymbols.module.css';
import { SymbolPaths } from './symbol-paths';

type Page = keyof typeof SymbolPaths;

/** The three symbol pages side by side: spot symbols, perpetual symbols, a new symbol. */
export function SymbolNav({ current }: { current: Page }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.nav}>
      <Segmented<Page>
        name="symbol-page"
        label={t('botSymbols.nav.label')}
        value={current}
        options={(['spot', 'perpetual', 'picker'] as const).map((value) => ({
          value,
          label: t(`botSymbols.nav.${value}`),
        }))}
        onChange={(page) => navigate(SymbolPaths[page], { replace: true })}
      />
    </div>
  );
}
