import { z } from 'zod';

/** A yes/no environment variable: true, 1, yes, on — or false, 0, no, off. */
export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
