import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; anything that looks like a secret is redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'token',
        '*.token',
        'apiKey',
        '*.apiKey',
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
}
