import { ComingSoon } from '../components/ComingSoon';

export default function MarketPage() {
  return (
    <ComingSoon title="Market">
      <p>The table of every player with their shares, shareholders and last price, a search, and a buy form.</p>
    </ComingSoon>
  );
}
