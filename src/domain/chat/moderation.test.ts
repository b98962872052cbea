import { describe, expect, it } from 'vitest';
import { CHAT_TEXT } from '../../shared/chat.js';
import { isModerator, mayDelete, mayMute, mayPost, mayReact } from './moderation.js';

describe('the chat’s rules', () => {
  it('makes the commissioner the moderator, and the server’s admins in the default league (which has none)', () => {
    expect(isModerator({ commissionerId: 7 }, { id: 7, isAdmin: false })).toBe(true);
    expect(isModerator({ commissionerId: 7 }, { id: 8, isAdmin: true })).toBe(false);
    expect(isModerator({ commissionerId: null }, { id: 8, isAdmin: true })).toBe(true);
    expect(isModerator({ commissionerId: null }, { id: 8, isAdmin: false })).toBe(false);
  });

  it('refuses a muted member until the mute ends', () => {
    expect(mayPost(undefined, 1_000)).toBeNull();
    expect(mayPost({ until: null }, 1_000)).toEqual({ code: 'muted', message: CHAT_TEXT.muted(null) });
    expect(mayPost({ until: 2_000 }, 1_000)?.code).toBe('muted');
    expect(mayPost({ until: 1_000 }, 1_000)).toBeNull();
  });

  it('lets the author delete a message and the moderator anything, once', () => {
    const message = { kind: 'message', userId: 1, deletedAt: null };
    expect(mayDelete(message, 1, false)).toBeNull();
    expect(mayDelete(message, 2, false)).toEqual({ code: 'forbidden', message: CHAT_TEXT.notYours });
    expect(mayDelete(message, 2, true)).toBeNull();
    expect(mayDelete({ kind: 'bigTrade', userId: 1, deletedAt: null }, 1, false)?.code).toBe('forbidden');
    expect(mayDelete({ ...message, deletedAt: 5 }, 1, true)?.code).toBe('not_found');
    expect(mayDelete(undefined, 1, true)?.code).toBe('not_found');
  });

  it('lets the moderator mute a member, never themselves or the commissioner', () => {
    const facts = { moderator: true, callerId: 1, targetId: 2, targetIsMember: true, commissionerId: 1 };
    expect(mayMute(facts)).toBeNull();
    expect(mayMute({ ...facts, moderator: false })?.message).toBe(CHAT_TEXT.commissionerOnly);
    expect(mayMute({ ...facts, targetId: 1 })?.message).toBe(CHAT_TEXT.cannotMuteSelf);
    expect(mayMute({ ...facts, callerId: 3, targetId: 1 })?.message).toBe(CHAT_TEXT.cannotMuteCommissioner);
    expect(mayMute({ ...facts, targetIsMember: false })?.code).toBe('not_found');
  });

  it('takes reactions on items that are there', () => {
    expect(mayReact({ deletedAt: null })).toBeNull();
    expect(mayReact({ deletedAt: 1 })?.code).toBe('not_found');
    expect(mayReact(undefined)?.code).toBe('not_found');
  });
});
