import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ItemType } from '../../lib/apiTypes';
import { useSession } from '../../lib/session';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { Spinner } from '../Spinner';

/** SPEC.md §8 */
export const INVALID_PRICE = 'Invalid price';
export const UPDATE_FAILED = 'Update failed';

/** SPEC.md §5: a positive number with at most two decimals (the server also wants at least $1.00). */
export function parseMinSellPrice(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : null;
}

interface MinSellPriceFormProps {
  itemType: ItemType;
  itemId: number;
  itemName: string;
  /** The price saved now, in dollars. */
  current: number;
}

/**
 * The editable minimum sell price of a holding, with its Save button (SPEC.md §5: input min 2,
 * step 0.01; anything but a positive price is 'Invalid price'). Every unlisted share sells at once
 * to a bid at or above it.
 */
export function MinSellPriceForm({ itemType, itemId, itemName, current }: MinSellPriceFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? current.toFixed(2);
  const options = {
    onSuccess: (result: { message: string }) => {
      toast.success(result.message);
      setText(null);
      void queryClient.invalidateQueries(trpc.portfolio.pathFilter());
      void queryClient.invalidateQueries(trpc.market.pathFilter());
      void queryClient.invalidateQueries(trpc.auth.me.pathFilter());
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error, UPDATE_FAILED));
    },
  };
  const player = useMutation(trpc.trading.setMinSellPrice.mutationOptions(options));
  const team = useMutation(trpc.teamTrading.setMinSellPrice.mutationOptions(options));
  const pending = player.isPending || team.isPending;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!user) return;
    const price = parseMinSellPrice(shown);
    if (price === null) {
      toast.error(INVALID_PRICE);
      return;
    }
    if (itemType === 'team') team.mutate({ userId: user.id, teamId: itemId, minSellPrice: price });
    else player.mutate({ userId: user.id, playerId: itemId, minSellPrice: price });
  };

  return (
    // noValidate: the default price of a holding may be under the input's min of 2 and must still save.
    <form className="min-price-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={id} className="sr-only">
        Minimum sell price for {itemName}
      </label>
      <span className="min-price-input">
        <span aria-hidden="true">$</span>
        <input id={id} name="minSellPrice" type="number" inputMode="decimal" min={2} step={0.01} value={shown} onChange={(e) => setText(e.target.value)} />
      </span>
      <button type="submit" className="button button-small" disabled={pending} aria-label={`Save the minimum sell price for ${itemName}`}>
        {pending ? <Spinner size="sm" /> : null}
        Save
      </button>
    </form>
  );
}
