import { Link, useParams } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';

export default function ShareholdersPage() {
  const { playerId = '' } = useParams();
  return (
    <ComingSoon title="Shareholders">
      <p>Everyone who holds shares in this player, with their shares, percent owned and minimum sell price.</p>
      <p>
        <Link to={`/market/${encodeURIComponent(playerId)}`}>Back to the player</Link>
      </p>
    </ComingSoon>
  );
}
