import type { PushKind, PushPayload } from '../../shared/push.js';
import { formatShares } from '../../shared/counts.js';
import { formatCents } from '../../shared/money.js';
import type { InstrumentKind } from '../../shared/instrument.js';
import { retiredNotice } from '../../shared/notices.js';
import { inboxEntryPath } from '../../shared/inbox.js';

export interface PushItem {
  type: InstrumentKind;
  id: number;
  name: string;
}

/** One thing worth a notification, for one user; `inboxId`: its entry in the user's inbox, which the notification opens. */
export type PushIntent = { inboxId?: number } & (
  | {
      kind: 'orderFilled';
      userId: number;
      item: PushItem;
      side: 'ask' | 'offer';
      shares: number;
      priceCents: number;
      /** A sale the holder's minimum sell price made, and that price. */
      minSellPriceCents: number | null;
    }
  | { kind: 'outbid'; userId: number; item: PushItem; yourPriceCents: number; bestPriceCents: number }
  | { kind: 'newOffer'; userId: number; item: PushItem; sellerUsername: string; shares: number; priceCents: number }
  | { kind: 'retired'; userId: number; item: PushItem; shares: number; priceCents: number }
  /** Someone passed the user in a league's standings (the item is the league: its id and name). */
  | { kind: 'passed'; userId: number; item: PushItem; title: string; body: string; url: string }
);

const shares = formatShares;
const itemUrl = (item: PushItem) => (item.type === 'player' ? `/market/${item.id}` : `/teams/${item.id}`);

type Filled = Extract<PushIntent, { kind: 'orderFilled' }>;

/** What the fills of one side came to: "bought 1,000 shares at $1.50", or an average over several prices. */
function fillsText(verb: string, mine: Filled[]): string {
  const n = mine.reduce((s, i) => s + i.shares, 0);
  const cost = mine.reduce((s, i) => s + i.shares * i.priceCents, 0);
  const prices = new Set(mine.map((i) => i.priceCents));
  return prices.size === 1
    ? `${verb} ${shares(n)} at ${formatCents(mine[0]!.priceCents)}`
    : `${verb} ${shares(n)} at ${formatCents(Math.round(cost / n))} on average`;
}

/**
 * Sales the holder's minimum sell price made say so ("Sold automatically at your minimum price of
 * $1.10"), never "your offer sold": the holder listed nothing.
 */
function automatic(mine: Filled[]): string {
  const min = mine[mine.length - 1]!.minSellPriceCents!;
  const atMin = mine.every((i) => i.priceCents === min);
  const n = mine.reduce((s, i) => s + i.shares, 0);
  return atMin
    ? `Sold automatically at your minimum price of ${formatCents(min)}: ${shares(n)}.`
    : `Sold automatically: ${fillsText('', mine).trim()}, at or above your minimum price of ${formatCents(min)}.`;
}

function filled(intents: Filled[]): { title: string; body: string } {
  const name = intents[0]!.item.name;
  const auto = intents.filter((i) => i.side === 'offer' && i.minSellPriceCents !== null);
  const parts: string[] = [];
  for (const side of ['ask', 'offer'] as const) {
    const mine = intents.filter((i) => i.side === side && !auto.includes(i));
    if (mine.length > 0) parts.push(fillsText(side === 'ask' ? 'bought' : 'sold', mine));
  }
  const sentences = [...(parts.length > 0 ? [`You ${parts.join(' and ')}.`] : []), ...(auto.length > 0 ? [automatic(auto)] : [])];
  const title =
    auto.length === intents.length ? `Sold automatically: ${name}` : intents.length === 1 ? `Order filled: ${name}` : `${intents.length} fills of ${name}`;
  return { title, body: sentences.join(' ') };
}

function outbid(intents: Extract<PushIntent, { kind: 'outbid' }>[]): { title: string; body: string } {
  const last = intents[intents.length - 1]!;
  const times = intents.length === 1 ? '' : ` ${intents.length} times`;
  return {
    title: `Outbid${times} on ${last.item.name}`,
    body: `The best bid is now ${formatCents(last.bestPriceCents)} (yours ${formatCents(last.yourPriceCents)}).`,
  };
}

function offers(intents: Extract<PushIntent, { kind: 'newOffer' }>[]): { title: string; body: string } {
  const name = intents[0]!.item.name;
  if (intents.length === 1) {
    const o = intents[0]!;
    return { title: `New offer: ${name}`, body: `${o.sellerUsername} offers ${shares(o.shares)} at ${formatCents(o.priceCents)}.` };
  }
  const prices = intents.map((i) => i.priceCents);
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  const total = intents.reduce((s, i) => s + i.shares, 0);
  const range = low === high ? `at ${formatCents(low)}` : `from ${formatCents(low)} to ${formatCents(high)}`;
  return { title: `${intents.length} new offers for ${name}`, body: `${shares(total)} in all, ${range}.` };
}

/** A player the user held retired: one buy-back per holder. */
function retired(intents: Extract<PushIntent, { kind: 'retired' }>[]): { title: string; body: string } {
  const n = intents.reduce((s, i) => s + i.shares, 0);
  const paid = intents.reduce((s, i) => s + i.shares * i.priceCents, 0);
  const first = intents[0]!;
  return { title: `${first.item.name} retired`, body: `${retiredNotice(first.item.name, n, first.priceCents)} (${formatCents(paid)} paid to you).` };
}

type Text = (intents: readonly PushIntent[]) => { title: string; body: string };
/** The kinds about a player or team ("passed" is about a league, its words made by the rivalry). */
type ItemKind = Exclude<PushKind, 'passed'>;
const TEXTS: Record<ItemKind, Text> = {
  orderFilled: (i) => filled(i as Filled[]),
  outbid: (i) => outbid(i as Extract<PushIntent, { kind: 'outbid' }>[]),
  newOffer: (i) => offers(i as Extract<PushIntent, { kind: 'newOffer' }>[]),
  retired: (i) => retired(i as Extract<PushIntent, { kind: 'retired' }>[]),
};

/** The notification for a batch of one kind about one player or team, oldest first. */
export function composeNotification(intents: readonly PushIntent[]): PushPayload {
  const first = intents[0];
  if (!first) throw new Error('composeNotification needs at least one intent');
  // The newest entry of the batch is the one the notification opens.
  const entry = intents[intents.length - 1]!.inboxId;
  if (first.kind === 'passed') {
    // The newest standing says it all (a burst of passings in a minute is one notification).
    const last = intents[intents.length - 1] as typeof first;
    return { kind: 'passed', title: last.title, body: last.body, url: entry === undefined ? last.url : inboxEntryPath(entry), tag: `passed:${first.item.id}` };
  }
  const kind: ItemKind = first.kind;
  const text = TEXTS[kind](intents);
  return { kind, ...text, url: entry === undefined ? itemUrl(first.item) : inboxEntryPath(entry), tag: `${kind}:${first.item.type}:${first.item.id}` };
}
