import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ItemType, TradeResult } from '../../lib/apiTypes';
import { formatDollars, formatInteger } from '../../lib/format';
import { parsePrice, parseShares } from '../../lib/numbers';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useTradeFeedback } from '../../lib/useTradeFeedback';
import { Modal } from '../Modal';
import { Spinner } from '../Spinner';
import { PriceField } from './PriceField';
import { SharesField } from './SharesField';

export interface SellDialogProps {
  itemType: ItemType;
  itemId: number;
  itemName: string;
  /** The shares the user may list: held and not already listed (nor locked, for a team). */
  maxShares: number;
  /** Called after the offer was posted. */
  onDone?: (result: TradeResult) => void;
  /** The trigger button's text ("Sell"). */
  label?: string;
  /** Classes of the trigger button. */
  buttonClassName?: string;
  /** A suggested price per share (dollars). */
  defaultPrice?: number;
}

/** SPEC.md §8 */
export const POST_OFFER_FAILED = 'Failed to post offer';

/**
 * A Sell button that opens a dialog to list shares for sale at a chosen price (an offer: "Shares
 * for Sale"). Waiting bids at or above the price fill at once; the rest is listed.
 */
export function SellDialog({ itemType, itemId, itemName, maxShares, onDone, label = 'Sell', buttonClassName = 'button button-small button-secondary', defaultPrice }: SellDialogProps) {
  const [open, setOpen] = useState(false);
  const none = maxShares <= 0;
  return (
    <>
      <button
        type="button"
        className={buttonClassName}
        onClick={() => setOpen(true)}
        disabled={none}
        title={none ? 'You have no unlisted shares to sell' : `List ${itemName} shares for sale`}
        aria-haspopup="dialog"
      >
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Sell ${itemName}`} subtitle={`You can list up to ${formatInteger(maxShares)} shares.`} size="sm">
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
  itemType: ItemType;
  itemId: number;
  maxShares: number;
  defaultPrice: number | undefined;
  onDone: (result: TradeResult) => void;
  onCancel: () => void;
}

function SellForm({ itemType, itemId, maxShares, defaultPrice, onDone, onCancel }: SellFormProps) {
  const trpc = useTRPC();
  const { user } = useSession();
  const feedback = useTradeFeedback();
  const [shares, setShares] = useState(String(maxShares > 0 ? maxShares : 1));
  const [price, setPrice] = useState(defaultPrice && defaultPrice >= 1 ? defaultPrice.toFixed(2) : '');
  const options = feedback({ fallback: POST_OFFER_FAILED, onSuccess: onDone });
  const playerOffer = useMutation(trpc.trading.postOffer.mutationOptions(options));
  const teamOffer = useMutation(trpc.teamTrading.ask.mutationOptions(options));
  const pending = playerOffer.isPending || teamOffer.isPending;

  const n = parseShares(shares);
  const p = parsePrice(price);
  const capped = n !== null && n > maxShares;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!user || n === null || p === null || capped) return;
    if (itemType === 'team') teamOffer.mutate({ userId: user.id, teamId: itemId, shares: n, pricePerShare: p });
    else playerOffer.mutate({ userId: user.id, playerId: itemId, shares: n, pricePerShare: p });
  };

  return (
    <form onSubmit={onSubmit} className="trade-form">
      <SharesField value={shares} onChange={setShares} max={maxShares} autoFocus hint={capped ? `You can list at most ${formatInteger(maxShares)}.` : undefined} />
      <PriceField value={price} onChange={setPrice} hint="Waiting bids at or above this price buy at once; the rest is listed." />
      <p className="trade-total" aria-live="polite">
        {n !== null && p !== null ? (
          <>
            Total: <strong>{formatDollars((Math.round(p * 100) * n) / 100)}</strong>
          </>
        ) : (
          'Enter shares and a price to see the total.'
        )}
      </p>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={pending || capped}>
          {pending ? <Spinner size="sm" /> : null}
          {pending ? 'Posting…' : 'Post offer'}
        </button>
      </div>
    </form>
  );
}
