import { ComingSoon } from '../components/ComingSoon';

export default function PortfolioPage() {
  return (
    <ComingSoon title="Portfolio">
      <p>Your total value, cash balance and today’s change, your player and team holdings with their minimum sell prices, your avatar and username.</p>
    </ComingSoon>
  );
}
