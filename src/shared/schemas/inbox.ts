import { z } from 'zod';
import { id, keyed } from './common.js';
import { INBOX_KINDS, INBOX_PAGE_MAX } from '../inbox.js';
import { INVALID_CURSOR } from './pages.js';

/** One notice in a member's inbox (docs/inbox.md), worded as its toast and push were. */
export const inboxEntryOut = z.object({
  id: z.number().int().positive(),
  kind: z.enum(INBOX_KINDS),
  title: z.string(),
  body: z.string(),
  /** The page it is about (a path of the app). */
  url: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type InboxEntryOut = z.infer<typeof inboxEntryOut>;

export const unreadCountOut = z.object({ unread: z.number().int().nonnegative() });

export const inboxPageInput = z.object({
  limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).optional(),
  cursor: z
    .string()
    .max(200, INVALID_CURSOR)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR)
    .nullish(),
});

/** A page of the caller's inbox, newest first, and their unread count. */
export const inboxPageOut = z.object({ items: z.array(inboxEntryOut), nextCursor: z.string().nullable(), unread: z.number().int().nonnegative() });
export type InboxPageOut = z.infer<typeof inboxPageOut>;

export const markInboxReadInput = z.object({ entryId: id('Entry id'), ...keyed });
export const markAllInboxReadInput = z.object({ ...keyed });
