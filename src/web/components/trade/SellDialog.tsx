import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatCents } from '../../../shared/money';
import type { CommandResult } from '../../../shared/schemas/trading';
import { formatInteger } from '../../lib/format';
import { orderForm, readOrder, type Order } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { useKeptDraft } from '../../lib/sessionEnd';
import { useListOffer } from '../../features/trade/api';
import { lockedText } from '../../features/trade/texts';
import { Modal } from '../Modal';
import { PendingButton } from '../PendingButton';
import { PriceField } from './PriceField';
import { SharesField } from './SharesField';
import type { InstrumentKind } from '../../../shared/instrument';
import './trade.css';

export interface SellDialogProps {
  itemType: InstrumentKind;
  itemId: number;
  itemName: string;
  /** The shares the user may list: held and not already listed (nor locked, for a team). */
  maxShares: number;
  /** A team holding's lock (ISO time), while it runs: the reason there is nothing to sell. */
  lockedUntil?: string | null;
  /** Called after the offer was posted. */
  onDone?: (result: CommandResult) => void;
  /** The trigger button's text ("Sell"). */
  label?: string;
  /** Classes of the trigger button. */
  buttonClassName?: string;
  /** A suggested price per share (dollars). */
  defaultPrice?: number;
}

/**
 * A Sell button that opens a dialog to list shares for sale at a chosen price (an offer: "Shares
 * for Sale"). Waiting bids at or above the price fill at once; the rest is listed.
 */
export function SellDialog({
  itemType,
  itemId,
  itemName,
  maxShares,
  lockedUntil = null,
  onDone,
  label = 'Sell',
  buttonClassName = 'button button-small button-secondary',
  defaultPrice,
}: SellDialogProps) {
  const [open, setOpen] = useState(false);
  const none = maxShares <= 0;
  return (
    <>
      <button
        type="button"
        className={buttonClassName}
        onClick={() => setOpen(true)}
        disabled={none}
        title={lockedUntil ? lockedText(lockedUntil) : none ? 'You have no unlisted shares to sell' : `List ${itemName} shares for sale`}
        aria-haspopup="dialog"
      >
        {label}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`Sell ${itemName}`}
        subtitle={`You can list up to ${formatInteger(maxShares)} shares.`}
        size="sm"
      >
        <SellForm
          itemType={itemType}
          itemId={itemId}
          maxShares={maxShares}
          defaultPrice={defaultPrice}
          onDone={(result) => {
            setOpen(false);
            onDone?.(result);
          }}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}

interface SellFormProps {
  itemType: InstrumentKind;
  itemId: number;
  maxShares: number;
  defaultPrice: number | undefined;
  onDone: (result: CommandResult) => void;
  onCancel: () => void;
}

function SellForm({ itemType, itemId, maxShares, defaultPrice, onDone, onCancel }: SellFormProps) {
  const form = useForm({
    resolver: zodResolver(orderForm),
    defaultValues: { shares: String(maxShares > 0 ? maxShares : 1), pricePerShare: defaultPrice && defaultPrice >= 1 ? defaultPrice.toFixed(2) : '' },
  });
  const list = useListOffer({ onDone });
  // A session that ends while the listing is typed keeps it until the user logs back in.
  const { user } = useSession();
  useKeptDraft(`sell:${itemType}:${itemId}`, user?.id ?? null, form);

  const order = readOrder(useWatch({ control: form.control }));
  const capped = order !== null && order.shares > maxShares;

  const onSubmit = ({ shares, priceCents }: Order) => {
    if (shares > maxShares) return;
    list.submit({ instrument: { kind: itemType, id: itemId }, shares, priceCents });
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="trade-form">
      <SharesField control={form.control} max={maxShares} autoFocus hint={capped ? `You can list at most ${formatInteger(maxShares)}.` : undefined} />
      <PriceField control={form.control} hint="Waiting bids at or above this price buy at once; the rest is listed." />
      <p className="trade-total" aria-live="polite">
        {order ? (
          <>
            Total: <strong>{formatCents(order.priceCents * order.shares)}</strong>
          </>
        ) : (
          'Enter shares and a price to see the total.'
        )}
      </p>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <PendingButton type="submit" className="button" pending={list.pending} pendingLabel="Posting…" disabled={capped}>
          Post offer
        </PendingButton>
      </div>
    </form>
  );
}
