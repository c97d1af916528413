/**
 * Sends mail with nodemailer: over SMTP when SMTP_URL is set, otherwise as
 * .eml files in the outbox folder (the default, so nothing leaves the machine).
 * nodemailer is loaded with the first mail, not at start (docs/benchmarks.md,
 * "Idle memory").
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config/config.js';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /**
   * Makes the Message-ID: the same id gives the same Message-ID, by which
   * receivers recognise a mail sent twice (the outbox's job id).
   */
  id?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The domain of the sender's address, for Message-IDs. */
const senderDomain = (from: string): string => /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';

/** nodemailer's options of a message: the sender, and a Message-ID made from its id. */
function envelope(config: Config['mail'], { id, ...message }: MailMessage) {
  return {
    from: config.from,
    ...message,
    ...(id ? { messageId: `<${id}@${senderDomain(config.from)}>` } : {}),
  };
}

export function createMailer(config: Config['mail']): Mailer {
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport(config.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (config.smtpUrl) {
    return {
      async send(message) {
        await (await transporter()).sendMail(envelope(config, message));
      },
    };
  }
  return {
    async send(message) {
      const info = await (await transporter()).sendMail(envelope(config, message));
      await mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(path.join(config.outboxDir, name), info.message as Buffer);
    },
  };
}
