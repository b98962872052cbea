import { z } from 'zod';
import { publicUser, usernameSchema } from './auth.js';
import { id, keyed } from './common.js';
import { INVALID_FILE_TYPE, TOAST } from '../texts.js';

/** Texts of the account calls (docs/screens.md §4 Texts where it has them). */
export const ACCOUNT_TEXT = {
  usernameUpdated: TOAST.usernameUpdated,
  avatarUpdated: TOAST.avatarUpdated,
  invalidFileType: INVALID_FILE_TYPE,
  imageTooLarge: 'The image is too large',
  busy: 'Too many uploads at once. Please try again in a moment.',
} as const;

/** The largest picture accepted, in bytes, before it is resized. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** A data URL of AVATAR_MAX_BYTES in base64, with room for its header. */
export const AVATAR_MAX_DATA_URL_LENGTH = Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 256;
/** The largest request body of an avatar upload (JSON around the data URL). */
export const AVATAR_BODY_LIMIT = 3 * 1024 * 1024;
/** The side of the stored avatar, in pixels (docs/rules.md §10 Limits and constants). */
export const AVATAR_SIZE = 128;

export const setUsernameInput = z.object({ id: id('User id'), username: usernameSchema, ...keyed });

export const setAvatarInput = z.object({
  id: id('User id'),
  /** The picked file as a data URL (`data:image/png;base64,…`). */
  image: z.string({ error: ACCOUNT_TEXT.invalidFileType }).min(1, ACCOUNT_TEXT.invalidFileType).max(AVATAR_MAX_DATA_URL_LENGTH, ACCOUNT_TEXT.imageTooLarge),
  ...keyed,
});

export const accountResult = z.object({ message: z.string(), user: publicUser });
export type AccountResult = z.infer<typeof accountResult>;

export const historyPointOut = z.object({
  /** ISO time of the point. */
  at: z.string(),
  /** Cash available plus cash held in open asks, in dollars. */
  cash: z.number(),
  shareValue: z.number(),
  /** cash + shareValue. */
  totalValue: z.number(),
});
export type HistoryPointOut = z.infer<typeof historyPointOut>;

export const portfolioHistoryResult = z.object({ userId: z.number().int(), points: z.array(historyPointOut) });
export type PortfolioHistoryOut = z.infer<typeof portfolioHistoryResult>;
