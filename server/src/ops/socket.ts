import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { EXIT_USAGE, runOps, type OpsResult } from './commands';

/**
 * Operator commands while the server holds the embedded database. PGlite allows one process per data
 * directory, so `npm run ops` cannot open it next to `npm start`; instead the server listens on the Unix
 * socket DATA_DIR/ops.sock and runs the command itself, with the same runOps the CLI uses.
 *
 * Protocol: newline-delimited JSON, one request per line, one answer per line, in order:
 *   → {"args": ["withdrawals", "approve", "W…"]}
 *   ← {"exitCode": 0, "output": "W… SUCCESS"}
 *
 * Who may connect: the socket file is created 0600, so only the OS user running the server (the one who
 * could open the data directory anyway) can send commands. Not used with DATABASE_URL: PostgreSQL takes
 * the CLI's own connection.
 */

export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, 'ops.sock');
}

/** More than any command line needs; a longer line is refused rather than buffered. */
const MAX_LINE_BYTES = 64 * 1024;
const MAX_ARGS = 32;

export interface OpsSocketServer {
  readonly path: string;
  /** Stops accepting, lets a running command answer, removes the socket file. */
  close(): Promise<void>;
}

export async function listenOpsSocket(
  ctx: AppContext,
  socketPath: string,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<OpsSocketServer> {
  removeStaleSocket(socketPath);
  const connections = new Map<net.Socket, { busy: boolean }>();
  let closing = false;

  const server = net.createServer((socket) => {
    const state = { busy: false };
    connections.set(socket, state);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => undefined); // a client that goes away mid-answer is not the server's problem
    socket.setEncoding('utf8');

    let buffered = '';
    let queue = Promise.resolve();
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        queue = queue.then(async () => {
          state.busy = true;
          const answer = await answerLine(ctx, line, log);
          state.busy = false;
          if (!socket.destroyed) socket.write(`${JSON.stringify(answer)}\n`);
          if (closing) socket.end();
        });
      }
      if (Buffer.byteLength(buffered) > MAX_LINE_BYTES) {
        socket.end(`${JSON.stringify({ exitCode: EXIT_USAGE, output: 'request line too long' })}\n`);
        buffered = '';
      }
    });
  });

  // Created 0600 from the start (the umask applies when the socket is bound), not chmod-ed afterwards,
  // so no other user can connect in between. bind() runs synchronously inside listen().
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const previousUmask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(previousUmask);
    }
  });
  chmodSync(socketPath, 0o600);
  log.info({ socket: socketPath }, 'operator commands accepted on the Unix socket');

  return {
    path: socketPath,
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const [socket, state] of connections) if (!state.busy) socket.destroy();
      await closed;
      removeStaleSocket(socketPath);
    },
  };
}

async function answerLine(
  ctx: AppContext,
  line: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<OpsResult> {
  let args: string[];
  try {
    const request = JSON.parse(line) as { args?: unknown };
    if (
      !Array.isArray(request.args) ||
      request.args.length > MAX_ARGS ||
      !request.args.every((a) => typeof a === 'string')
    )
      throw new Error('args must be an array of strings');
    args = request.args as string[];
  } catch (err) {
    return { exitCode: EXIT_USAGE, output: `bad request: ${(err as Error).message}` };
  }
  try {
    return await runOps(ctx, args);
  } catch (err) {
    log.error({ err, args }, 'operator command failed');
    return { exitCode: 1, output: `failed: ${(err as Error).message}` };
  }
}

/** A socket left by a server that did not stop cleanly; anything else at that path is not ours to delete. */
function removeStaleSocket(socketPath: string): void {
  let isSocket: boolean;
  try {
    isSocket = lstatSync(socketPath).isSocket();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (!isSocket) throw new Error(`${socketPath} exists and is not a socket: remove it`);
  unlinkSync(socketPath);
}

/**
 * The CLI's side: sends one command to the server on socketPath and returns its answer. Rejects with the
 * connection error (ENOENT, ECONNREFUSED: no server listens) or when the server closes without answering.
 */
export function sendOpsCommand(socketPath: string, args: string[]): Promise<OpsResult> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let received = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ args })}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
      const newline = received.indexOf('\n');
      if (newline === -1 || answered) return;
      answered = true;
      socket.end();
      try {
        const answer = JSON.parse(received.slice(0, newline)) as Partial<OpsResult>;
        if (typeof answer.exitCode !== 'number' || typeof answer.output !== 'string')
          throw new Error('malformed answer');
        resolve({ exitCode: answer.exitCode, output: answer.output });
      } catch (err) {
        reject(new Error(`operator socket ${socketPath}: ${(err as Error).message}`));
      }
    });
    socket.on('error', (err) => {
      if (!answered) reject(err);
    });
    socket.on('close', () => {
      if (!answered) reject(new Error(`operator socket ${socketPath} closed without an answer`));
    });
  });
}
