import type { CSSProperties, ReactNode } from 'react';
import styles from './Marquee.module.css';
import { usePageIdle } from './use-page-idle';

interface MarqueeProps {
  /** The lines that scroll by, one after another. */
  items: readonly string[];
  /** What the strip is, for screen readers (the lines themselves are read once, not twice). */
  label: string;
  icon?: ReactNode;
}

/** Seconds per character: long announcements scroll as fast as short ones, just for longer. */
const SECONDS_PER_CHAR = 0.18;
const MIN_SECONDS = 10;

/**
 * A strip of text that scrolls from right to left without end (CSS only: the text twice in a row, moved by
 * half its width). It stops under the pointer or focus, and members who ask for reduced motion get the
 * lines standing still, one under the other.
 */
export function Marquee({ items, label, icon }: MarqueeProps) {
  // It starts scrolling once the page is idle, not while the first view is still being put together.
  const idle = usePageIdle();
  if (items.length === 0) return null;
  const chars = items.reduce((sum, line) => sum + line.length, 0);
  const style = {
    '--marquee-duration': `${Math.max(MIN_SECONDS, chars * SECONDS_PER_CHAR)}s`,
  } as CSSProperties;
  const lines = (copy: 'first' | 'second') =>
    items.map((line, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the same text may appear twice; order is the identity
      <span key={`${copy}-${i}`} className={styles.line}>
        {line}
      </span>
    ));
  return (
    <section className={styles.marquee} aria-label={label} data-testid="marquee">
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <div className={styles.window}>
        <div className={idle ? styles.track : `${styles.track} ${styles.waiting}`} style={style}>
          <div className={styles.copy}>{lines('first')}</div>
          <div className={`${styles.copy} ${styles.repeat}`} aria-hidden="true">
            {lines('second')}
          </div>
        </div>
      </div>
    </section>
  );
}
