import { z } from 'zod';
import { CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX, CHAT_TEXT, charCount, MESSAGE_MAX_CHARS, MUTE_MAX_MINUTES, normalizeMessage, REACTIONS } from '../chat.js';
import { id, keyed } from './common.js';
import { INVALID_CURSOR } from './pages.js';

/** The league's chat and feed (docs/chat.md, docs/api.md): times as ISO strings. */

export const messageText = z
  .string({ error: CHAT_TEXT.notText })
  .max(MESSAGE_MAX_CHARS * 8, CHAT_TEXT.tooLong)
  .transform(normalizeMessage)
  .refine((text) => text.length > 0, CHAT_TEXT.empty)
  .refine((text) => charCount(text) <= MESSAGE_MAX_CHARS, CHAT_TEXT.tooLong);

export const reaction = z.enum(REACTIONS, { error: CHAT_TEXT.unknownReaction });

const messageId = id('Message id');

export const postMessageInput = z.object({ text: messageText, ...keyed });
export const chatPageInput = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(CHAT_PAGE_MAX, `Limit must be at most ${CHAT_PAGE_MAX}`)
    .optional()
    .describe(`Messages per page: ${CHAT_PAGE_DEFAULT} unless given, at most ${CHAT_PAGE_MAX}`),
  cursor: z
    .string()
    .max(200, INVALID_CURSOR)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR)
    .nullish()
    .describe('Where the page starts: the nextCursor of the page before (older messages); none for the newest'),
});
export const deleteMessageInput = z.object({ messageId, ...keyed });
export const reactInput = z.object({
  messageId,
  emoji: reaction,
  /** true adds the caller's reaction, false takes it back (sent twice, the same). */
  on: z.boolean({ error: 'on must be true or false' }).default(true),
  ...keyed,
});
export const muteInput = z.object({
  userId: id('User id'),
  /** How long, in minutes; null or absent: until unmuted. */
  minutes: z
    .number({ error: 'Minutes must be a number' })
    .int('Minutes must be a whole number')
    .min(1, 'Minutes must be at least 1')
    .max(MUTE_MAX_MINUTES, `Minutes must be at most ${MUTE_MAX_MINUTES}`)
    .nullish(),
  ...keyed,
});
export const unmuteInput = z.object({ userId: id('User id'), ...keyed });
export const markReadInput = z.object({ lastReadId: z.number().int().nonnegative(), ...keyed });

export const reactionCount = z.object({ emoji: z.string(), count: z.number().int().positive(), mine: z.boolean() });
export type ReactionCountOut = z.infer<typeof reactionCount>;

export const FEED_KINDS = ['message', 'bigTrade', 'newLeader', 'newMember', 'seasonEnded', 'weeklyRecap'] as const;
export type FeedKindOut = (typeof FEED_KINDS)[number];

/**
 * A message as the shape gives it (`id, userId, username, text, createdAt`), with what the
 * screens also need: its kind (a member's `message` or one of the league's moments, whose userId is
 * the member it is about, or null), its reactions, and a moment's details.
 */
export const chatMessage = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  kind: z.enum(FEED_KINDS),
  reactions: z.array(reactionCount),
  /** A moment's figures (money in dollars); absent on a message. */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatPage = z.object({ messages: z.array(chatMessage), nextCursor: z.string().nullable() });
export type ChatPage = z.infer<typeof chatPage>;
export const postMessageResult = z.object({ message: chatMessage });
export const deleteMessageResult = z.object({ id: z.number().int(), deleted: z.literal(true), message: z.string() });
export const reactResult = z.object({ id: z.number().int(), reactions: z.array(reactionCount) });
export const muteOut = z.object({ userId: z.number().int(), username: z.string(), until: z.string().nullable(), mutedAt: z.string() });
export const muteResult = z.object({ mute: muteOut, message: z.string() });
export const unmuteResult = z.object({ userId: z.number().int(), message: z.string() });
export const mutesResult = z.object({ mutes: z.array(muteOut) });
export const unreadResult = z.object({ count: z.number().int().nonnegative(), capped: z.boolean() });

/** What the feed's live subscription sends: a new item, a deletion, a reaction's new count. */
export type ChatLiveEvent =
  | { type: 'posted'; message: ChatMessage }
  | { type: 'deleted'; id: number }
  | { type: 'reacted'; id: number; emoji: string; count: number; userId: number; on: boolean };
