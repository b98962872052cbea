/**
 * Who may do what in a league's chat (docs/chat.md): each rule takes plain facts and answers a
 * refusal, or null when the call may go on.
 */
import { CHAT_TEXT } from '../../shared/chat.js';

export type ChatRefusalCode = 'forbidden' | 'not_found' | 'muted' | 'bad_request';

export interface ChatRefusal {
  readonly code: ChatRefusalCode;
  readonly message: string;
}

const refuse = (code: ChatRefusalCode, message: string): ChatRefusal => ({ code, message });

/** A league's moderator: its commissioner; the default league (which has none): the server's admins. */
export function isModerator(league: { commissionerId: number | null }, user: { id: number; isAdmin: boolean }): boolean {
  return league.commissionerId === null ? user.isAdmin : league.commissionerId === user.id;
}

/** A muted member posts nothing until the mute ends. */
export function mayPost(mute: { until: number | null } | undefined, at: number): ChatRefusal | null {
  if (!mute || (mute.until !== null && mute.until <= at)) return null;
  return refuse('muted', CHAT_TEXT.muted(mute.until));
}

/** A message is deleted by its author or the moderator; a moment, by the moderator only. */
export function mayDelete(
  item: { kind: string; userId: number | null; deletedAt: number | null } | undefined,
  callerId: number,
  moderator: boolean,
): ChatRefusal | null {
  if (!item || item.deletedAt !== null) return refuse('not_found', CHAT_TEXT.notFound);
  if (moderator || (item.kind === 'message' && item.userId === callerId)) return null;
  return refuse('forbidden', CHAT_TEXT.notYours);
}

/** The moderator mutes a member other than themselves (and never the commissioner). */
export function mayMute(facts: {
  moderator: boolean;
  callerId: number;
  targetId: number;
  targetIsMember: boolean;
  commissionerId: number | null;
}): ChatRefusal | null {
  if (!facts.moderator) return refuse('forbidden', CHAT_TEXT.commissionerOnly);
  if (facts.targetId === facts.callerId) return refuse('bad_request', CHAT_TEXT.cannotMuteSelf);
  if (facts.targetId === facts.commissionerId) return refuse('bad_request', CHAT_TEXT.cannotMuteCommissioner);
  if (!facts.targetIsMember) return refuse('not_found', CHAT_TEXT.notAMember);
  return null;
}

/** Reactions go on an item that is there. */
export function mayReact(item: { deletedAt: number | null } | undefined): ChatRefusal | null {
  return item && item.deletedAt === null ? null : refuse('not_found', CHAT_TEXT.notFound);
}
