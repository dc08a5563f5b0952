import type { TMarketRow } from '@app/contracts';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalText, signOf } from '../../shared/amounts';
import popupStyles from '../../shared/ReceiptPopup.module.css';
import styles from './SymbolPicker.module.css';

interface SymbolPickerProps {
  visible: boolean;
  markets: readonly TMarketRow[];
  current: string;
  onPick: (symbol: string) => void;
  onClose: () => void;
}

/** The symbols of one market type with their last price and 24 h change, searched on symbol or base. */
export function SymbolPicker({ visible, markets, current, onPick, onClose }: SymbolPickerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [q, setQ] = useState('');
  const wanted = q.trim().toUpperCase();
  const shown = wanted
    ? markets.filter((m) => m.symbol.includes(wanted) || m.base.includes(wanted))
    : markets;
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName={popupStyles.popup} destroyOnClose>
      <div className={styles.body} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className={popupStyles.title}>
          {t('trading.picker.title')}
        </h2>
        <SearchBar
          value={q}
          onChange={setQ}
          placeholder={t('trading.picker.search')}
          aria-label={t('trading.picker.search')}
        />
        <ul className={styles.list}>
          {shown.map((m) => {
            const change = signOf(m.change24hPercent);
            return (
              <li key={m.symbol}>
                <button
                  type="button"
                  className={m.symbol === current ? `${styles.row} ${styles.current}` : styles.row}
                  aria-current={m.symbol === current ? 'true' : undefined}
                  onClick={() => {
                    onPick(m.symbol);
                    setQ('');
                  }}
                >
                  <span className={styles.symbol}>{m.symbol}</span>
                  <span className={styles.last}>{decimalText(m.last)}</span>
                  <span className={change > 0 ? styles.up : change < 0 ? styles.down : styles.flat}>
                    {t('trading.picker.change', {
                      percent: change > 0 ? `+${m.change24hPercent}` : m.change24hPercent,
                    })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {shown.length === 0 ? <p className={styles.none}>{t('trading.picker.none')}</p> : null}
      </div>
    </Popup>
  );
}
