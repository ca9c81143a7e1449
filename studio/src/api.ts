import type { components } from '@core/contract';

export type StudioSession = components['schemas']['StudioSession'];
export type StudioBet = components['schemas']['StudioBet'];
export type StudioRound = components['schemas']['StudioRound'];

/** A refused or failed call: the contract's error code, or OFFLINE when no answer came. */
export class StudioError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

async function post<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/v2/sandbox/studio${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new StudioError('OFFLINE');
  }
  const json = (await res.json().catch(() => null)) as { code?: string } | null;
  if (!res.ok) throw new StudioError(json?.code ?? 'INTERNAL_ERROR');
  return json as T;
}

export function openSession(provider: string, gameId: string, token: string): Promise<StudioSession> {
  return post('/sessions', { provider, gameId, token });
}

export function playRound(bet: StudioBet): Promise<StudioRound> {
  return post('/rounds', bet);
}

export function settleRound(session: string, roundId: string): Promise<StudioRound> {
  return post(`/rounds/${encodeURIComponent(roundId)}/settle`, { session });
}
