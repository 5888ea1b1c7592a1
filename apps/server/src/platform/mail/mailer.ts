export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail: to the outbox table by default, through SMTP when SMTP_URL is set. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** The http(s) links of a message, for the dev mailbox. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
}
