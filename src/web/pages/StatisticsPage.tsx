import { ComingSoon } from '../components/ComingSoon';

export default function StatisticsPage() {
  return (
    <ComingSoon title="Statistics">
      <p>Four tables: the most valuable players, the most active, those with the most shareholders, and the islands with the fewest.</p>
    </ComingSoon>
  );
}
