import type { TKycCountry } from '@app/contracts';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { CheckOutline, RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../shared/format';
import { countryOptions, searchCountries } from './country-names';
import styles from './NameVerification.module.css';

interface CountryPickerProps {
  value: string;
  onChange: (code: TKycCountry) => void;
  invalid?: boolean;
}

/** The country of the ID: a button that opens a sheet with a search over every country's name. */
export function CountryPicker({ value, onChange, invalid = false }: CountryPickerProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the app's language
  const options = useMemo(() => countryOptions(intlLocale()), [i18n.language]);
  const shown = useMemo(() => searchCountries(options, search, intlLocale()), [options, search]);
  const selected = options.find((o) => o.code === value);
  const close = () => {
    setOpen(false);
    setSearch('');
  };

  return (
    <>
      <button
        type="button"
        className={invalid ? `${styles.picker} ${styles.pickerInvalid}` : styles.picker}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="kyc-country"
      >
        <span className={selected ? styles.pickerValue : styles.pickerPlaceholder}>
          {selected ? selected.name : t('kyc.country.choose')}
        </span>
        <RightOutline />
      </button>
      <Popup visible={open} onMaskClick={close} onClose={close} destroyOnClose bodyClassName={styles.sheet}>
        <div role="dialog" aria-label={t('kyc.country.choose')} className={styles.sheetBody}>
          <SearchBar
            placeholder={t('kyc.country.search')}
            value={search}
            onChange={setSearch}
            className={styles.sheetSearch}
            data-testid="kyc-country-search"
          />
          {shown.length === 0 ? <p className={styles.sheetEmpty}>{t('kyc.country.none')}</p> : null}
          <ul className={styles.countryList}>
            {shown.map((o) => (
              <li key={o.code}>
                <button
                  type="button"
                  className={styles.countryOption}
                  aria-pressed={o.code === value}
                  data-testid={`kyc-country-${o.code}`}
                  onClick={() => {
                    onChange(o.code);
                    close();
                  }}
                >
                  <span>{o.name}</span>
                  {o.code === value ? <CheckOutline className={styles.countryCheck} /> : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </Popup>
    </>
  );
}
