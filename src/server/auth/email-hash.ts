import { createHmac } from 'node:crypto';

/** The only form in which an email is kept: a keyed one-way hash of its normalised text. */
export function hashEmail(secret: string, email: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex');
}
