import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mailer {
  sendPasswordReset(to: string, link: string): Promise<void>;
}

/** Sends mail through SMTP_URL; without one, writes the reset link to the server log for the operator. */
export function createMailer(smtpUrl: string | undefined, from: string, logger: Logger): Mailer {
  if (!smtpUrl) {
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
