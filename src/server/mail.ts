import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mailer {
  sendPasswordReset(to: string, link: string): Promise<void>;
}

export const NO_SMTP_WARNING =
  'SMTP_URL is not set: password-reset links will be written to this log, and anyone who can read the log can reset any account. Set SMTP_URL to send them by mail.';

/** Sends mail through SMTP_URL; without one, writes the reset link to the server log for the operator (and warns at once). */
export function createMailer(smtpUrl: string | undefined, from: string, logger: Logger): Mailer {
  if (!smtpUrl) {
    logger.warn(NO_SMTP_WARNING);
    return {
      async sendPasswordReset(_to, link) {
        logger.info(`Password reset requested (no SMTP_URL set, so the link is logged): ${link}`);
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendPasswordReset(to, link) {
      await transport.sendMail({
        from,
        to,
        subject: 'Reset your Hoops Exchange password',
        text: `Someone asked to reset the password of your Hoops Exchange account.\n\nSet a new one here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this mail.`,
      });
    },
  };
}
