import path from 'node:path';
import type { Config } from '../config/config.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** STORAGE=local keeps files in DATA_DIR/files; STORAGE=s3 uses the S3_* settings. */
export function openStorage(config: Config): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(path.join(config.dataDir, 'files'));
}
