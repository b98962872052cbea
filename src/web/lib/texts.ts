/**
 * Texts of SPEC.md §8 that the web app shows, word for word. The same texts live in
 * src/shared/schemas/auth.ts (AUTH_TEXT) for the server; they are repeated here so that the
 * browser bundle does not pull in zod just for a few strings.
 */
export const TEXT = {
  invalidLogin: 'Invalid email or password',
  registerFailed: 'Login failed',
  resetRequested: 'Check your email for the reset token',
  resetRequestFailed: 'Failed to send reset email',
  passwordUpdated: 'Password updated. You can now log in.',
  resetFailed: 'Reset failed',
} as const;
