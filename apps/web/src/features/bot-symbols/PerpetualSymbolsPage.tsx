import { BotSymbolsPage } from './BotSymbolsPage';

/** /pages/personal/symbol3: the member's perpetual symbols, with positions and funding. */
export default function PerpetualSymbolsPage() {
  return <BotSymbolsPage marketType="perpetual" />;
}
