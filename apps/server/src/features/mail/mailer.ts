/**
 * Outgoing mail: one nodemailer transport from SMTP_URL (unset: no mail, and the features that need it say so).
 * Used by better-auth's e-mail verification and password reset.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';

export interface TMail {
  to: string;
  subject: string;
  text: string;
}

export interface TMailer {
  send(mail: TMail): Promise<void>;
  close(): void;
}

export function createMailer(config: TConfig, log?: Pick<FastifyBaseLogger, 'error'>): TMailer | undefined {
  if (!config.smtp) return undefined;
  const transport: Transporter = nodemailer.createTransport(config.smtp.url);
  const from = config.smtp.from;
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (err) {
        // The caller's answer must not say whether an address exists; a failed send is logged for the operator.
        log?.error({ err, to: mail.to }, 'sending mail failed');
        throw err;
      }
    },
    close() {
      transport.close();
    },
  };
}
