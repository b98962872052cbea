import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { INVALID_PRICE } from '../../../shared/texts';
import { useSetMinSellPrice } from '../../features/trade/api';
import { minSellPriceForm, type MinSellPriceControl } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { PendingButton } from '../PendingButton';
import type { InstrumentKind } from '../../../shared/instrument';
import '../controls.css';
import './trade.css';
import './MinSellPriceForm.css';

interface MinSellPriceFormProps {
  itemType: InstrumentKind;
  itemId: number;
  itemName: string;
  /** The price saved now, in dollars. */
  current: number;
  /** `cell`: a row of the portfolio's tables; `card`: the holding card of a player or team page, with a visible label and a hint. */
  layout: 'cell' | 'card';
}

/**
 * The minimum sell price of a holding, with its Save button (docs/rules.md §11 Input: input min 2, step 0.01;
 * anything but a price of at least $1.00 with two decimals at most is 'Invalid price', as the
 * server says too). Every unlisted share sells at once to a bid at or above it.
 */
export function MinSellPriceForm(props: MinSellPriceFormProps) {
  // A new saved price (this form's, or a change elsewhere) starts the field afresh from it.
  return <PriceForm key={props.current} {...props} />;
}

function PriceForm({ itemType, itemId, itemName, current, layout }: MinSellPriceFormProps) {
  const { user } = useSession();
  const id = useId();
  const form = useForm({ resolver: zodResolver(minSellPriceForm), defaultValues: { minSellPrice: current.toFixed(2) } });
  const save = useSetMinSellPrice();

  const onSubmit = form.handleSubmit(
    ({ minSellPriceCents }) => {
      if (!user) return;
      save.submit({ instrument: { kind: itemType, id: itemId }, priceCents: minSellPriceCents });
    },
    () => {
      if (user) toast.error(INVALID_PRICE);
    },
  );

  // noValidate: a holding's default price may be under the input's min of 2 and must still save.
  if (layout === 'cell') {
    return (
      <form className="min-price-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={id} className="sr-only">
          Minimum sell price for {itemName}
        </label>
        <span className="min-price-input">
          <span aria-hidden="true">$</span>
          <PriceInput id={id} control={form.control} />
        </span>
        <PendingButton type="submit" className="button button-small" pending={save.pending} aria-label={`Save the minimum sell price for ${itemName}`}>
          Save
        </PendingButton>
      </form>
    );
  }
  return (
    <form className="inline-form min-sell-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={id}>Min sell price</label>
      <div className="input-money">
        <span aria-hidden="true">$</span>
        <PriceInput id={id} control={form.control} required describedBy={`${id}-hint`} />
      </div>
      <PendingButton type="submit" className="button button-small" pending={save.pending} pendingLabel="Saving…">
        Save
      </PendingButton>
      <p id={`${id}-hint`} className="field-hint">
        Your unlisted {itemName} shares sell automatically to any bid at or above this price.
      </p>
    </form>
  );
}

interface PriceInputProps {
  id: string;
  control: MinSellPriceControl;
  required?: boolean;
  describedBy?: string;
}

function PriceInput({ id, control, required = false, describedBy }: PriceInputProps) {
  const {
    field: { name, value, onChange, onBlur, ref },
  } = useController({ control, name: 'minSellPrice' });
  return (
    <input
      id={id}
      name={name}
      ref={ref}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      type="number"
      inputMode="decimal"
      min={2}
      step={0.01}
      required={required}
      aria-describedby={describedBy}
    />
  );
}
