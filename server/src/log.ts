import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** Query parameters whose value is a secret: the game launch token rides in the studio page's address. */
const SECRET_QUERY_PARAMS = new Set(['token']);

function queryName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A staff member's one-time enrolment link (docs/backoffice.md): its token is a credential until used. */
const ENROLMENT_PAGE = /^\/backoffice\/enrol\/[^/?#]+/;

/**
 * The request URL with the value of each secret query parameter replaced, however its name is encoded, and
 * an enrolment link's token cut out.
 */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(ENROLMENT_PAGE, '/backoffice/enrol/[redacted]');
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return SECRET_QUERY_PARAMS.has(queryName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start + 1)}${pairs.join('&')}`;
}

/**
 * Pino options for Fastify's logger. Cookies and the Set-Cookie header are redacted so a session secret
 * never reaches the logs; request bodies are never logged, so neither are passwords; secret query
 * parameters are cut out of the logged URL.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's own request serializer (less the unused accept-version), with the URL redacted.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
