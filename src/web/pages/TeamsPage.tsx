import { ComingSoon } from '../components/ComingSoon';

export default function TeamsPage() {
  return (
    <ComingSoon title="Teams">
      <p>All 30 teams with their conference, shares remaining and total salary. You may hold shares in one Eastern and one Western team.</p>
    </ComingSoon>
  );
}
