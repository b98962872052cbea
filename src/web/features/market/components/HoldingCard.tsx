import { formatDollars, formatInteger } from '../../../lib/format';
import { lockedText } from '../../trade/texts';
import type { Holding } from '../../../lib/useSellable';
import { DumpButton } from '../../../components/trade/DumpButton';
import { MinSellPriceForm } from '../../../components/trade/MinSellPriceForm';
import { SellDialog } from '../../../components/trade/SellDialog';
import type { InstrumentKind } from '../../../../shared/instrument';
import '../../../components/trade/trade.css';
import './HoldingCard.css';

interface HoldingCardProps {
  itemType: InstrumentKind;
  itemId: number;
  itemName: string;
  holding: Holding;
  lastPrice: number | null;
}

/** On a player or team page: the user's own shares, their minimum sell price, and Sell / Dump. */
export function HoldingCard({ itemType, itemId, itemName, holding, lastPrice }: HoldingCardProps) {
  return (
    <section className="card holding-card" aria-labelledby="holding-title" data-testid="holding">
      <h2 id="holding-title">Your shares</h2>
      <p>
        You own <strong>{formatInteger(holding.shares)}</strong> shares
        {holding.listed > 0 ? <>, {formatInteger(holding.listed)} of them listed for sale</> : null}, bought at {formatDollars(holding.averageBuyPrice)} on
        average.
      </p>
      {holding.lockedUntil ? <p className="notice notice-warning">{lockedText(holding.lockedUntil)}.</p> : null}
      <MinSellPriceForm layout="card" itemType={itemType} itemId={itemId} itemName={itemName} current={holding.minSellPrice} />
      <div className="trade-actions">
        <SellDialog
          itemType={itemType}
          itemId={itemId}
          itemName={itemName}
          maxShares={holding.sellable}
          lockedUntil={holding.lockedUntil}
          defaultPrice={Math.max(lastPrice ?? 0, holding.minSellPrice)}
          buttonClassName="button button-secondary"
        />
        <DumpButton
          itemType={itemType}
          itemId={itemId}
          itemName={itemName}
          shares={holding.sellable}
          lockedUntil={holding.lockedUntil}
          buttonClassName="button button-danger"
        />
      </div>
    </section>
  );
}
