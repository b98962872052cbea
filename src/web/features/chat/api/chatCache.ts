import type { InfiniteData } from '@tanstack/react-query';
import type { ChatLiveEvent, ChatMessage, ChatPage } from '../../../../shared/schemas/chat';

/**
 * The feed as the web app keeps it: React Query's pages of `chat.list` (newest first), changed in
 * place by what the live subscription and the app's own writes tell. Pure, so each case is tested.
 */
export type FeedData = InfiniteData<ChatPage, string | null | undefined>;

/** A new message or moment on top of the newest page (once, whoever tells it first: the answer or the live feed). */
export function withMessage(data: FeedData | undefined, message: ChatMessage): FeedData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  const messages = [...first!.messages, message].sort((a, b) => b.id - a.id);
  return { ...data, pages: [{ ...first!, messages }, ...rest] };
}

export function withoutMessage(data: FeedData | undefined, id: number): FeedData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.id !== id) })) };
}

/** A reaction's new count, and whether it is the reader's own, on the item it is about. */
export function withReaction(data: FeedData | undefined, event: Extract<ChatLiveEvent, { type: 'reacted' }>, readerId: number | null): FeedData | undefined {
  if (!data) return data;
  const update = (m: ChatMessage): ChatMessage => {
    if (m.id !== event.id) return m;
    const known = m.reactions.find((r) => r.emoji === event.emoji);
    const mine = event.userId === readerId ? event.on : (known?.mine ?? false);
    const reactions =
      event.count === 0
        ? m.reactions.filter((r) => r.emoji !== event.emoji)
        : known
          ? m.reactions.map((r) => (r.emoji === event.emoji ? { ...r, count: event.count, mine } : r))
          : [...m.reactions, { emoji: event.emoji, count: event.count, mine }];
    return { ...m, reactions };
  };
  return { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.map(update) })) };
}

/** An item's reactions as the server answered them to the reader. */
export function withReactions(data: FeedData | undefined, id: number, reactions: ChatMessage['reactions']): FeedData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.map((m) => (m.id === id ? { ...m, reactions } : m)) })) };
}

/** Every loaded item, oldest first (the order a chat reads in), each once. */
export function oldestFirst(data: FeedData | undefined): ChatMessage[] {
  const seen = new Set<number>();
  const all: ChatMessage[] = [];
  for (const m of data?.pages.flatMap((p) => p.messages) ?? []) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    all.push(m);
  }
  return all.sort((a, b) => a.id - b.id);
}
