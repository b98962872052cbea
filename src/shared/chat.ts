/** The league chat's limits and texts (docs/chat.md), shared by the server and the web app. No imports: the app bundles it. */

/** A message holds at most this many characters (Unicode code points, after trimming). */
export const MESSAGE_MAX_CHARS = 500;

/** Messages one member may post in a burst, and over how long. */
export const CHAT_RATE_LIMIT = { points: 8, durationSeconds: 20 } as const;

/** The reactions a member can add to a message or a moment. */
export const REACTIONS = ['👍', '😂', '🔥', '😮', '😢', '🏀'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** Items in a page of the feed, unless asked; and the most one page holds. */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 100;

/** How long the commissioner may mute someone for, in minutes (beyond: until unmuted). */
export const MUTE_MAX_MINUTES = 60 * 24 * 30;

/** Mute lengths the web app offers (minutes; null: until unmuted). */
export const MUTE_CHOICES: readonly { minutes: number | null; label: string }[] = [
  { minutes: 60, label: 'for an hour' },
  { minutes: 60 * 24, label: 'for a day' },
  { minutes: 60 * 24 * 7, label: 'for a week' },
  { minutes: null, label: 'until unmuted' },
];

const at = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 16)} UTC`;

export const CHAT_TEXT = {
  empty: 'Write something first',
  tooLong: `A message can have at most ${MESSAGE_MAX_CHARS} characters`,
  notText: 'A message must be text',
  tooFast: (seconds: number) =>
    `You are posting too fast: you can post again in ${seconds} second${seconds === 1 ? '' : 's'}. (At most ${CHAT_RATE_LIMIT.points} messages in ${CHAT_RATE_LIMIT.durationSeconds} seconds.)`,
  muted: (until: number | null) =>
    until === null ? 'The commissioner muted you in this league’s chat' : `The commissioner muted you in this league’s chat until ${at(until)}`,
  notFound: 'Message not found',
  notYours: 'Only its author or the league’s commissioner can delete a message',
  commissionerOnly: 'Only the league’s commissioner can do that',
  cannotMuteSelf: 'You cannot mute yourself',
  cannotMuteCommissioner: 'The commissioner cannot be muted',
  notAMember: 'That user is not a member of this league',
  removed: 'You are no longer a member of this league',
  deleted: 'Message deleted',
  unknownReaction: `Choose one of ${REACTIONS.join(' ')}`,
  mutedNotice: (username: string, until: number | null) => (until === null ? `${username} is muted until unmuted` : `${username} is muted until ${at(until)}`),
  unmutedNotice: (username: string) => `${username} can post again`,
} as const;

/** Characters that are never part of a message: C0 and C1 controls other than a line break or a tab, and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * A message as it is kept: Unicode NFC, line breaks as `\n`, controls dropped, at most two empty
 * lines in a row, trimmed. Everything else stays as written: it is shown as text, never as markup,
 * and a bidirectional override stays inside its message (the screens isolate each message).
 */
export function normalizeMessage(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Characters as a person counts them (code points), not UTF-16 units. */
export const charCount = (text: string): number => [...text].length;
