import { ComingSoon } from '../components/ComingSoon';

/** /offers: shares other players have listed for sale. */
export default function OffersPage() {
  return (
    <ComingSoon title="Shares for Sale">
      <p>The shares other players have listed for sale, with their price, ready to buy.</p>
    </ComingSoon>
  );
}
