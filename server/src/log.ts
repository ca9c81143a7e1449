import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Pino options for Fastify's logger. Cookies and the Set-Cookie header are redacted so a session secret
 * never reaches the logs; request bodies are never logged, so neither are passwords.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
}
