/**
 * The server compresses its own text responses on the fly (brotli or gzip by Accept-Encoding)
 * from this size up; static files come compressed from the build (issue 15).
 * Below it, compression saves less than a packet and costs a round of CPU.
 */
export const COMPRESSION_MIN_BYTES = 1024;
