import type { ServerResponse } from 'node:http';

/**
 * What the player's and the back office's event streams share (events.ts, staffEvents.ts): the response's
 * head, and a stream held only while its session lives.
 */

/** A comment line this often keeps proxies from closing an idle stream; the session is checked with it. */
export const PING_MS = 25_000;
/** The session is checked this long after the moment it would time out, so that the check finds it ended. */
const EXPIRY_MARGIN_MS = 100;
/** The longest delay setTimeout takes (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Writes the head of a hijacked text/event-stream response (the security headers an API answer carries
 * too) and a first comment, so the client knows the stream is open and nothing waits for a first event.
 */
export function openEventStream(res: ServerResponse, requestId: string): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
    // The connection serves this stream only: closed with it, so a closing server never waits for it.
    connection: 'close',
    'x-request-id': requestId,
  });
  res.write(': open\n\n');
}

/**
 * Holds a stream to its session: the session times out by itself (idle or absolute) without any deletion
 * to hear, so it is read again when it would time out and at each ping, and the stream ended once it has
 * (or cannot be read). Answers the stop, for the stream's own end.
 */
export function holdWhileSessionLives(stream: {
  res: ServerResponse;
  /** The session's time left when the stream opened (ms). */
  timeLeft: number;
  /** Its time left now, or null once it has ended. */
  read: () => Promise<number | null>;
  pingMs: number;
  isEnded: () => boolean;
  end: () => void;
}): () => void {
  let expiry: NodeJS.Timeout | undefined;
  const expireIn = (ms: number) => {
    clearTimeout(expiry);
    expiry = setTimeout(() => check(false), Math.min(ms + EXPIRY_MARGIN_MS, MAX_TIMEOUT_MS));
    expiry.unref();
  };
  const check = (ping: boolean) => {
    stream
      .read()
      .then((left) => {
        if (stream.isEnded()) return;
        if (left === null) return stream.end();
        if (ping) stream.res.write(': ping\n\n');
        // Used meanwhile by another request: it times out later.
        expireIn(left);
      })
      .catch(() => stream.end());
  };
  expireIn(stream.timeLeft);
  const ping = setInterval(() => check(true), stream.pingMs);
  ping.unref();
  return () => {
    clearInterval(ping);
    clearTimeout(expiry);
  };
}
