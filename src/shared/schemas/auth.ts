import { z } from 'zod';
import { AUTH_TEXT as SPEC_AUTH_TEXT } from '../texts.js';

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(20, 'Username must be at most 20 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only use letters, digits, dot, dash and underscore');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const registerInput = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});

export const loginInput = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export const requestPasswordResetInput = z.object({ email: loginInput.shape.email });

export const resetPasswordInput = z.object({
  token: z.string({ error: 'Reset token is required' }).trim().min(1, 'Reset token is required').max(200),
  newPassword: passwordSchema,
});

export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  avatar: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const authResult = z.object({ token: z.string(), user: publicUser });
export type AuthResult = z.infer<typeof authResult>;

export const messageResult = z.object({ message: z.string() });

/** The signed-in user with their money, for the user box. Amounts in dollars. */
export const meResult = z.object({
  user: publicUser,
  balance: z.number(),
  value: z.number(),
});
export type Me = z.infer<typeof meResult>;

export const userIdParam = z.object({ id: z.coerce.number({ error: 'User id must be a number' }).int().positive() });

/** docs/screens.md §4 Texts's authentication texts, and the server's own. */
export const AUTH_TEXT = {
  invalidLogin: SPEC_AUTH_TEXT.invalidLogin,
  resetRequested: SPEC_AUTH_TEXT.resetRequested,
  passwordUpdated: SPEC_AUTH_TEXT.passwordUpdated,
  invalidResetToken: 'This reset token is invalid or has expired',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is taken',
  notLoggedIn: 'Please log in first',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
} as const;
