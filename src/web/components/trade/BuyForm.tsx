import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Link } from '../../lib/leagueLinks';
import type { CommandResult } from '../../../shared/schemas/trading';
import { dollarsToCents, formatCents } from '../../../shared/money';
import { FAILED } from '../../../shared/texts';
import { formatDollars, formatInteger } from '../../lib/format';
import { orderForm, readOrder, type Order } from '../../lib/forms';
import { clampPriceText, clampSharesText } from '../../lib/numbers';
import { previewBuy, sellSources, type SellSource } from '../../lib/orderBook';
import { useSession } from '../../lib/session';
import { formatDate } from '../../lib/time';
import { useMe } from '../../lib/useMe';
import { useNow } from '../../lib/useNow';
import { useBuy } from '../../features/trade/api';
import { PendingButton } from '../PendingButton';
import { DEFAULT_ASK_PRICE_CENTS, defaultBuyPrice, forSaleRange, isRestricted, maxBuyShares, type BuyTarget } from './buyTarget';
import { FillPreview } from './FillPreview';
import { PriceField } from './PriceField';
import { SharesField } from './SharesField';
import { useKeptDraft } from '../../lib/sessionEnd';
import './trade.css';

interface BuyFormProps {
  target: BuyTarget;
  /** Player and team pages clamp values below 1 up to 1 (docs/rules.md §11 Input). */
  clamp?: boolean;
  autoFocus?: boolean;
  /** Repeat the rules notices (rookie restriction, team rules) in the form; pages that show them elsewhere turn this off. */
  notices?: boolean;
  onDone?: (result: CommandResult) => void;
  onCancel?: () => void;
}

/**
 * What the market offers right now: open-market shares at $1.00, or the range of prices that are for
 * sale (offers and holders' minimum prices; $2.00 when nothing is).
 */
export function Availability({ target, sources }: { target: BuyTarget; sources: readonly SellSource[] }) {
  if (target.openMarket > 0) {
    return (
      <p className="availability" data-testid="availability">
        <strong>{formatInteger(target.openMarket)}</strong> shares available on the open market at <strong>{formatDollars(1)}</strong>.
      </p>
    );
  }
  const forSale = forSaleRange(sources);
  const range =
    forSale === null
      ? formatCents(DEFAULT_ASK_PRICE_CENTS)
      : forSale.minCents === forSale.maxCents
        ? formatCents(forSale.minCents)
        : `${formatCents(forSale.minCents)} – ${formatCents(forSale.maxCents)}`;
  return (
    <p className="availability" data-testid="availability">
      All shares are owned. Ask price range: <strong>{range}</strong>.
    </p>
  );
}

/**
 * The buy form of the buy modal and of the player and team pages: shares (with Max) and a price,
 * a live preview of the sellers that would fill it, and what would rest as an ask.
 */
export function BuyForm({ target, clamp = false, autoFocus = false, notices = true, onDone, onCancel }: BuyFormProps) {
  const { user } = useSession();
  const location = useLocation();
  const me = useMe();
  const now = useNow();
  const costId = useId();
  const max = maxBuyShares(target);
  const sources = useMemo(
    () => sellSources({ openMarket: target.openMarket, sellQueue: target.sellQueue, sellLevels: target.sellLevels }, user?.id ?? null),
    [target.openMarket, target.sellQueue, target.sellLevels, user?.id],
  );
  const form = useForm({
    resolver: zodResolver(orderForm),
    defaultValues: { shares: '', pricePerShare: defaultBuyPrice(target, sources).toFixed(2) },
  });
  // A session that ends while the order is typed keeps it until the user logs back in.
  useKeptDraft(`buy:${target.itemType}:${target.id}`, user?.id ?? null, form);
  const order = readOrder(useWatch({ control: form.control }));
  const preview = order ? previewBuy(sources, order.shares, order.priceCents) : null;
  const buy = useBuy({
    fallback: preview && preview.filledShares > 0 ? FAILED.purchase : FAILED.ask,
    onDone: (result) => {
      form.setValue('shares', '');
      onDone?.(result);
    },
  });

  if (!user) {
    return (
      <p className="notice">
        <Link to="/login" state={{ from: location.pathname }}>
          Log in
        </Link>{' '}
        to buy shares of {target.name}.
      </p>
    );
  }

  const maxCostCents = order ? order.shares * order.priceCents : null;
  const balance = me.data?.balance;
  const tooExpensive = maxCostCents !== null && balance !== undefined && maxCostCents > dollarsToCents(balance);
  const restricted = isRestricted(target, now);

  const onSubmit = ({ shares, priceCents }: Order) => {
    if (tooExpensive) return;
    buy.submit({ instrument: { kind: target.itemType, id: target.id }, shares, priceCents });
  };

  return (
    <form className="trade-form buy-form" onSubmit={form.handleSubmit(onSubmit)} aria-label={`Buy ${target.name}`}>
      <Availability target={target} sources={sources} />
      {notices && restricted && target.restrictedUntil ? (
        <p className="notice notice-warning">Drafted rookie: until {formatDate(target.restrictedUntil)} only shareholders of his team may buy his shares.</p>
      ) : null}
      {notices && target.itemType === 'team' ? <TeamRules /> : null}
      <div className="form-grid">
        <SharesField
          control={form.control}
          max={max}
          limit={Math.max(max, target.totalShares - target.owned)}
          autoFocus={autoFocus}
          clamp={clamp ? clampSharesText : undefined}
          hint={target.openMarket > 0 ? `Max: the ${formatInteger(max)} open-market shares.` : `Max: ${formatInteger(max)} (total shares minus yours).`}
        />
        <PriceField control={form.control} clamp={clamp ? clampPriceText : undefined} hint="The most you pay per share." />
      </div>
      {preview && order ? (
        <FillPreview preview={preview} priceCents={order.priceCents} />
      ) : (
        <p className="muted">Enter shares and a price to preview your order.</p>
      )}
      {maxCostCents !== null ? (
        <p id={costId} className={tooExpensive ? 'trade-total loss' : 'trade-total'} role={tooExpensive ? 'alert' : undefined}>
          You pay at most <strong>{formatCents(maxCostCents)}</strong>
          {preview && preview.restingShares > 0 ? ' (the ask’s cash is held until it fills or you cancel it)' : ''}.
          {tooExpensive ? ` That is more than your cash of ${formatDollars(balance)}: buy fewer shares or bid a lower price.` : ''}
        </p>
      ) : null}
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <PendingButton
          type="submit"
          className="button"
          pending={buy.pending}
          pendingLabel="Buying…"
          disabled={tooExpensive}
          aria-describedby={maxCostCents !== null ? costId : undefined}
        >
          {preview && preview.filledShares === 0 ? 'Post ask' : 'Buy'}
        </PendingButton>
      </div>
    </form>
  );
}

/** The team rules a buyer should know (docs/rules.md §6 Teams). */
export function TeamRules() {
  return (
    <ul className="notice team-rules">
      <li>You may hold shares in only one Eastern and one Western team.</li>
      <li>Team shares you buy are locked for 7 days: they cannot be sold or dumped until then.</li>
      <li>Team shareholders get first pick of the team’s drafted rookies for a week.</li>
    </ul>
  );
}
