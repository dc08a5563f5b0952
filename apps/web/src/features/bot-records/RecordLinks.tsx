import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { RecordPaths } from './record-paths';
import styles from './records.module.css';

const links = [
  ['byExchange', RecordPaths.byExchange],
  ['orders', RecordPaths.orders],
  ['history', RecordPaths.history],
  ['summary', RecordPaths.summary],
  ['bySymbol', RecordPaths.bySymbol],
  ['byDay', RecordPaths.byDay],
] as const;

/** The records pages, one tap from each other (and from the bots list). */
export function RecordLinks() {
  const { t } = useTranslation();
  return (
    <nav className={styles.links} aria-label={t('botRecords.links.label')}>
      {links.map(([name, path]) => (
        <NavLink key={name} to={path} data-testid={`records-link-${name}`}>
          {t(`botRecords.links.${name}`)}
        </NavLink>
      ))}
    </nav>
  );
}
