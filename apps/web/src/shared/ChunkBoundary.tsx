import { Button, ErrorBlock } from 'antd-mobile';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function ChunkErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="default" title={t('chunk.title')} description={t('chunk.description')}>
      <Button color="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
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
