import { z } from 'zod';
import {
  authResult,
  loginInput,
  messageResult,
  publicUser,
  registerInput,
  requestPasswordResetInput,
  resetPasswordInput,
  userIdParam,
} from '../../shared/schemas/auth.js';
import { route, type RestRoute } from './route.js';
import { accountRestRoutes } from './routes-account.js';
import { adminRestRoutes } from './routes-admin.js';
import { marketRestRoutes } from './routes-market.js';
import { pushRestRoutes } from './routes-push.js';
import { tradingRestRoutes } from './routes-trading.js';

const none = z.object({});

/** Every path the REST shim answers. Paths and payloads follow SPEC.md §7. */
export const restRoutes: RestRoute[] = [
  route({
    method: 'POST', path: '/auth/register', tag: 'auth', auth: 'none',
    summary: 'Create an account with $80,000,000 and sign in',
    input: registerInput, output: authResult,
    call: (c, input) => c.auth.register(input),
  }),
  route({
    method: 'POST', path: '/auth/login', tag: 'auth', auth: 'none',
    summary: 'Sign in with email and password',
    input: loginInput, output: authResult,
    call: (c, input) => c.auth.login(input),
  }),
  route({
    method: 'POST', path: '/auth/logout', tag: 'auth', auth: 'user',
    summary: 'End the current session',
    input: none, output: messageResult,
    call: (c) => c.auth.logout(),
  }),
  route({
    method: 'POST', path: '/auth/request-password-reset', tag: 'auth', auth: 'none',
    summary: 'Send a password reset link; answers the same whether the email is known or not',
    input: requestPasswordResetInput, output: messageResult,
    call: (c, input) => c.auth.requestPasswordReset(input),
  }),
  route({
    method: 'POST', path: '/auth/reset-password', tag: 'auth', auth: 'none',
    summary: 'Set a new password with a reset token (once per token); ends all sessions',
    input: resetPasswordInput, output: messageResult,
    call: (c, input) => c.auth.resetPassword(input),
  }),
  route({
    method: 'GET', path: '/users/{id}', tag: 'users', auth: 'none',
    summary: "A user's public fields",
    input: userIdParam, output: publicUser,
    call: (c, input) => c.users.get(input),
  }),
  ...accountRestRoutes,
  ...marketRestRoutes,
  ...tradingRestRoutes,
  ...adminRestRoutes,
  ...pushRestRoutes,
];
