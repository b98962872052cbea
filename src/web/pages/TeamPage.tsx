import { useParams } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';

export default function TeamPage() {
  const { teamId = '' } = useParams();
  return (
    <ComingSoon title="Team" documentTitle={`Team ${teamId}`}>
      <p>This team’s shares, open asks and offers, and a buy form.</p>
    </ComingSoon>
  );
}
