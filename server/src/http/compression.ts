import { constants as zlib } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/** How answers are compressed (app.ts; the bench's reference routes compress theirs alike). */
export const COMPRESSION = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  // Quality 11 (the default) costs far too much CPU per response for a few percent.
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
} satisfies FastifyCompressOptions;
