import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Database } from '../../platform/db/database.ts';
import { mailOutbox } from '../../platform/db/schema/index.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';

/**
 * /dev/mailbox: the messages of the outbox driver, newest first, with their links, so a
 * person running Atelier locally can follow a verification or reset link. Mounted only
 * when mail goes to the outbox and NODE_ENV is not production.
 */
export function devMailboxRoutes(db: Database) {
  const list = () => db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
  return new Hono<AppEnv>()
    .get('/mailbox.json', async (c) => c.json({ messages: await list() }))
    .get('/mailbox', async (c) => {
      const messages = await list();
      return c.html(html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <title>Atelier dev mailbox</title>
            <style>
              body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
              article { border: 1px solid #ccc; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
              pre { white-space: pre-wrap; }
            </style>
          </head>
          <body>
            <h1>Dev mailbox</h1>
            <p>Mail that Atelier sent while no SMTP server is configured (SMTP_URL). Newest first.</p>
            ${messages.length === 0 ? html`<p>No messages yet.</p>` : ''}
            ${messages.map(
              (m) => html`<article>
                <h2>${m.subject}</h2>
                <p>To: <strong>${m.to}</strong> · ${m.createdAt.toISOString()}</p>
                <ul>
                  ${m.links.map((link) => html`<li><a href="${link}">${link}</a></li>`)}
                </ul>
                <pre>${m.text}</pre>
              </article>`,
            )}
          </body>
        </html>`);
    });
}
