import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ChunkBoundary.module.css';

// Result, not ErrorBlock: this view is in the entry chunk, and ErrorBlock brings its four large
// illustrations (about 40 KB of the entry before minifying) for a view most visits never show.
function ChunkErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.view}>
      <Result status="warning" title={t('chunk.title')} description={t('chunk.description')} />
      <Button color="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a page whose code failed to load (or timed out) and offers to load it again. */
export class ChunkBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  retry = (): void => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? <ChunkErrorView onRetry={this.retry} /> : this.props.children;
  }
}
