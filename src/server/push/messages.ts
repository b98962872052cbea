import type { PushKind, PushPayload } from '../../shared/push.js';
import { formatCents } from '../../shared/money.js';
import type { InstrumentKind } from '../../shared/instrument.js';

export interface PushItem {
  type: InstrumentKind;
  id: number;
  name: string;
}

/** One thing worth a notification, for one user. */
export type PushIntent =
  | { kind: 'orderFilled'; userId: number; item: PushItem; side: 'ask' | 'offer'; shares: number; priceCents: number }
  | { kind: 'outbid'; userId: number; item: PushItem; yourPriceCents: number; bestPriceCents: number }
  | { kind: 'newOffer'; userId: number; item: PushItem; sellerUsername: string; shares: number; priceCents: number }
  /** Someone passed the user in a league's standings (the item is the league: its id and name). */
  | { kind: 'passed'; userId: number; item: PushItem; title: string; body: string; url: string };

const shares = (n: number) => `${n.toLocaleString('en-US')} share${n === 1 ? '' : 's'}`;
const itemUrl = (item: PushItem) => (item.type === 'player' ? `/market/${item.id}` : `/teams/${item.id}`);

function filled(intents: Extract<PushIntent, { kind: 'orderFilled' }>[]): { title: string; body: string } {
  const parts: string[] = [];
  for (const side of ['ask', 'offer'] as const) {
    const mine = intents.filter((i) => i.side === side);
    if (mine.length === 0) continue;
    const n = mine.reduce((s, i) => s + i.shares, 0);
    const cost = mine.reduce((s, i) => s + i.shares * i.priceCents, 0);
    const verb = side === 'ask' ? 'bought' : 'sold';
    parts.push(
      mine.length === 1
        ? `${verb} ${shares(n)} at ${formatCents(mine[0]!.priceCents)}`
        : `${verb} ${shares(n)} at ${formatCents(Math.round(cost / n))} on average`,
    );
  }
  const name = intents[0]!.item.name;
  const body = `You ${parts.join(' and ')}.`;
  return intents.length === 1 ? { title: `Order filled: ${name}`, body } : { title: `${intents.length} fills of ${name}`, body };
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

/** The notification for a batch of one kind about one player or team, oldest first. */
export function composeNotification(intents: readonly PushIntent[]): PushPayload {
  const first = intents[0];
  if (!first) throw new Error('composeNotification needs at least one intent');
  if (first.kind === 'passed') {
    // The newest standing says it all (a burst of passings in a minute is one notification).
    const last = intents[intents.length - 1] as typeof first;
    return { kind: 'passed', title: last.title, body: last.body, url: last.url, tag: `passed:${first.item.id}` };
  }
  const kind: PushKind = first.kind;
  const text =
    kind === 'orderFilled'
      ? filled(intents as Extract<PushIntent, { kind: 'orderFilled' }>[])
      : kind === 'outbid'
        ? outbid(intents as Extract<PushIntent, { kind: 'outbid' }>[])
        : offers(intents as Extract<PushIntent, { kind: 'newOffer' }>[]);
  return { kind, ...text, url: itemUrl(first.item), tag: `${kind}:${first.item.type}:${first.item.id}` };
}
