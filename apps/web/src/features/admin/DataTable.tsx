import type { ReactNode } from 'react';
import styles from './DataTable.module.css';

export interface Column<T> {
  id: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

interface DataTableProps<T> {
  /** Names the table for screen readers (not shown). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}

/**
 * A plain table for the admin area's desktop screens. Below 720 px each row becomes a card whose cells
 * carry their column's name (from `data-label`), so nothing scrolls sideways on a phone.
 */
export function DataTable<T>({ caption, columns, rows, rowKey }: DataTableProps<T>) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.numeric ? styles.numeric : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.id} data-label={c.header} className={c.numeric ? styles.numeric : undefined}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
