import { route, type RestRoute } from './route.js';

/**
 * The league's chat and feed (docs/chat.md), with the shapes scripts rely on (docs/api.md). Declared
 * as paths of the caller's current league, so that `/leagues/{leagueId}/chat…` is the same path
 * about that league, as for every SPEC path.
 */
export const chatRestRoutes: RestRoute[] = [
  route('chat.list', {
    method: 'GET',
    path: '/chat',
    tag: 'chat',
    auth: 'none',
    summary: 'A page of the league’s chat and moments, newest first: {messages, nextCursor} (readers of the league; never a removed member)',
  }),
  route('chat.post', {
    method: 'POST',
    path: '/chat',
    tag: 'chat',
    auth: 'user',
    summary: 'Post a message (text only, at most 500 characters; members, not while muted; rate-limited): {message}',
  }),
  route('chat.unread', { method: 'GET', path: '/chat/unread', tag: 'chat', auth: 'user', summary: 'How many items of the feed the caller has not read' }),
  route('chat.markRead', {
    method: 'POST',
    path: '/chat/read',
    tag: 'chat',
    auth: 'user',
    summary: 'The caller has read the feed up to lastReadId: the unread count after it',
  }),
  route('chat.delete', {
    method: 'DELETE',
    path: '/chat/{messageId}',
    tag: 'chat',
    auth: 'user',
    summary: 'Delete a message (its author, or the league’s commissioner); deleting it again answers the same',
  }),
  route('chat.react', {
    method: 'POST',
    path: '/chat/{messageId}/reactions',
    tag: 'chat',
    auth: 'user',
    summary: 'Add (on: true, the default) or take back (on: false) the caller’s reaction: the item’s reactions after it',
  }),
  route('chat.mutes', { method: 'GET', path: '/chat/mutes', tag: 'chat', auth: 'user', summary: 'The members muted now (the league’s commissioner)' }),
  route('chat.mute', {
    method: 'POST',
    path: '/chat/mutes',
    tag: 'chat',
    auth: 'user',
    summary: 'Mute a member in the chat for minutes (none: until unmuted) (the league’s commissioner)',
  }),
  route('chat.unmute', {
    method: 'DELETE',
    path: '/chat/mutes/{userId}',
    tag: 'chat',
    auth: 'user',
    summary: 'Let a muted member post again (the league’s commissioner)',
  }),
];
