import { ComingSoon } from '../components/ComingSoon';

export default function TransactionsPage() {
  return (
    <ComingSoon title="Transactions">
      <p>Every trade you made: date, player, bought or sold, shares, price and total, with a search.</p>
    </ComingSoon>
  );
}
