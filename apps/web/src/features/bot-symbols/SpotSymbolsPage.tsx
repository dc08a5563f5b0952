import { BotSymbolsPage } from './BotSymbolsPage';

/** /pages/personal/symbol2: the member's spot symbols. */
export default function SpotSymbolsPage() {
  return <BotSymbolsPage marketType="spot" />;
}
