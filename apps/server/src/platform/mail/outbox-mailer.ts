import type { Database } from '../db/database.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { extractLinks, type Mailer, type MailMessage } from './mailer.ts';

/** Keeps messages in the database; /dev/mailbox shows them while not in production. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: Database) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(mailOutbox).values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      links: extractLinks(message.text),
    });
  }
}
