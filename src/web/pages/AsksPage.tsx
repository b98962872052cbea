import { ComingSoon } from '../components/ComingSoon';

/** /asks: bids from other players for shares you hold. */
export default function AsksPage() {
  return (
    <ComingSoon title="Offers For You">
      <p>Bids from other players for shares you hold, to accept or decline.</p>
    </ComingSoon>
  );
}
