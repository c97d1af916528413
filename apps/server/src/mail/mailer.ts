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
import type { Config } from '../config.js';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
        await (await transporter()).sendMail({ from: config.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      const info = await (await transporter()).sendMail({ from: config.from, ...message });
      await mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(path.join(config.outboxDir, name), info.message as Buffer);
    },
  };
}
