import { Link, useParams } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';

export default function PlayerPage() {
  const { playerId = '' } = useParams();
  return (
    <ComingSoon title="Player" documentTitle={`Player ${playerId}`}>
      <p>This player’s share totals, a buy form with a cost preview, the open asks and the recent trades.</p>
      <p>
        <Link to={`/market/${encodeURIComponent(playerId)}/shareholders`}>Shareholders of this player</Link>
      </p>
    </ComingSoon>
  );
}
