import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ItemType } from '../../lib/apiTypes';
import { parsePrice } from '../../lib/numbers';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useTradeFeedback } from '../../lib/useTradeFeedback';

/** SPEC.md §8 */
export const INVALID_PRICE = 'Invalid price';
const UPDATE_FAILED = 'Update failed';

interface MinSellPriceFormProps {
  itemType: ItemType;
  itemId: number;
  itemName: string;
  current: number;
}

/**
 * The minimum sell price of a holding (SPEC.md §5: a positive price, input min 2, step 0.01, else
 * 'Invalid price'): a standing sell of every unlisted share; bids at or above it fill at once.
 */
export function MinSellPriceForm({ itemType, itemId, itemName, current }: MinSellPriceFormProps) {
  const trpc = useTRPC();
  const { user } = useSession();
  const feedback = useTradeFeedback();
  const id = useId();
  const [value, setValue] = useState(current.toFixed(2));
  const options = feedback({ fallback: UPDATE_FAILED });
  const player = useMutation(trpc.trading.setMinSellPrice.mutationOptions(options));
  const team = useMutation(trpc.teamTrading.setMinSellPrice.mutationOptions(options));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const price = parsePrice(value, 0.01);
    if (!user) return;
    if (price === null || price < 1) {
      toast.error(INVALID_PRICE);
      return;
    }
    if (itemType === 'team') team.mutate({ userId: user.id, teamId: itemId, minSellPrice: price });
    else player.mutate({ userId: user.id, playerId: itemId, minSellPrice: price });
  };

  return (
    <form className="inline-form min-sell-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={id}>Min sell price</label>
      <div className="input-money">
        <span aria-hidden="true">$</span>
        <input id={id} name="minSellPrice" type="number" inputMode="decimal" min={2} step={0.01} required value={value} onChange={(e) => setValue(e.target.value)} aria-describedby={`${id}-hint`} />
      </div>
      <button type="submit" className="button button-small" disabled={player.isPending || team.isPending}>
        Save
      </button>
      <p id={`${id}-hint`} className="field-hint">
        Your unlisted {itemName} shares sell automatically to any bid at or above this price.
      </p>
    </form>
  );
}
