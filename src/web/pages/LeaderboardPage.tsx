import { ComingSoon } from '../components/ComingSoon';

export default function LeaderboardPage() {
  return (
    <ComingSoon title="Leaderboard">
      <p>The top 10 players by share value.</p>
    </ComingSoon>
  );
}
