import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TOutboxItem } from '@app/contracts';
import { simpleParser } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { AppError } from './errors';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one message on one channel. Email goes through SMTP; SMS through a provider (dev: the outbox). */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/** What the in-process catcher received, newest first; read by /dev/outbox and by the tests. */
export class Outbox {
  private readonly items: TOutboxItem[] = [];
  constructor(private readonly capacity = 500) {}

  add(item: Omit<TOutboxItem, 'id' | 'sentAt'>): void {
    this.items.unshift({ ...item, id: randomUUID(), sentAt: new Date().toISOString() });
    this.items.length = Math.min(this.items.length, this.capacity);
  }

  list(to?: string): TOutboxItem[] {
    return to ? this.items.filter((m) => m.to === to.toLowerCase()) : [...this.items];
  }
}

/** A real SMTP server on 127.0.0.1 that accepts everything and files it in the outbox. */
export async function startSmtpCatcher(outbox: Outbox): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          for (const address of to.flatMap((a) => a.value)) {
            outbox.add({
              channel: 'email',
              to: (address.address ?? '').toLowerCase(),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            });
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function createEmailSender(smtpUrl: string, from: string): MessageSender & { close(): void } {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}

/** Development SMS: no provider, the message lands in the same outbox as the caught email. */
export function createOutboxSmsSender(outbox: Outbox): MessageSender {
  return {
    async send(message) {
      outbox.add({ channel: 'sms', to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/**
 * A channel with no provider behind it (SMS in production until one is configured; mail and SMS in the bot
 * worker, which tells members through notifications only): sending is refused with a clear error.
 */
export function createUnavailableSender(what: string): MessageSender {
  return {
    send: async () => {
      throw new AppError('SERVICE_UNAVAILABLE', what);
    },
  };
}
