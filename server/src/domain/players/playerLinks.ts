import { createHash } from 'node:crypto';
import { holderNameKey } from '@core/holderNames';
import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { isPublicAddress } from './addresses';

/**
 * Linked accounts (docs/backoffice.md, "Linked accounts and risk"): what ties players together, kept as it
 * is seen (migration 032): a bank account number or holder name, a browser's device cookie, a device
 * fingerprint, a public address. Players sharing one are linked. An address or a fingerprint links only a
 * few players: a whole carrier's customers may share one address (carrier NAT), and the same phone model
 * with the same system gives the same open-source fingerprint; shared by more than SHARED_LINK_MAX_PLAYERS
 * within SHARED_LINK_DAYS, it says nothing about who is who.
 */

export type LinkKind = components['schemas']['PlayerLinkKind'];
/** A player linked to another, and by what (the contract's LinkedPlayer, with the player's id). */
export type LinkedPlayer = components['schemas']['LinkedPlayer'] & { playerId: string };

export const SHARED_LINK_MAX_PLAYERS = 5;
export const SHARED_LINK_DAYS = 30;

export interface LinkSignal {
  kind: LinkKind;
  value: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Records what the player was seen with (once per kind and value; later sightings move last_seen_at). */
export async function noteLinks(q: Queryable, playerId: string, signals: LinkSignal[]): Promise<void> {
  const kept = signals.filter((s) => s.value !== '' && s.value.length <= 200);
  if (kept.length === 0) return;
  await q.query(
    `INSERT INTO player_links (kind, value, player_id)
     SELECT kind, value, $3 FROM unnest($1::text[], $2::text[]) AS s(kind, value)
     ON CONFLICT (kind, value, player_id) DO UPDATE SET last_seen_at = app_now()`,
    [kept.map((s) => s.kind), kept.map((s) => s.value), playerId],
  );
}

/** A bank account's signals: its number (digits only) and its holder's name as the abuse rules compare it. */
export function bankAccountSignals(accountNumber: string, accountName: string): LinkSignal[] {
  return [
    { kind: 'BANK_ACCOUNT', value: accountNumber.replace(/[^0-9]/g, '') },
    { kind: 'BANK_HOLDER', value: holderNameKey(accountName) },
  ];
}

/**
 * A sign-in's signals: the device cookie the browser carried (a browser another player signed in from
 * before), the one it is given now, and a public address (a private one names a whole network).
 */
export function signInSignals(input: {
  ip: string;
  carriedDevice: string | undefined;
  givenDevice: string | undefined;
}): LinkSignal[] {
  const signals: LinkSignal[] = [];
  for (const token of [input.carriedDevice, input.givenDevice])
    if (token && token.length <= 100) signals.push({ kind: 'DEVICE', value: sha256(token) });
  if (isPublicAddress(input.ip)) signals.push({ kind: 'ADDRESS', value: input.ip });
  return signals;
}

/**
 * The players each of `playerIds` is linked to, with what links them, by username. An address or a
 * fingerprint shared by more than SHARED_LINK_MAX_PLAYERS players within SHARED_LINK_DAYS links nobody.
 */
export async function linkedPlayers(q: Queryable, playerIds: string[]): Promise<Map<string, LinkedPlayer[]>> {
  const found = new Map<string, LinkedPlayer[]>(playerIds.map((id) => [id, []]));
  if (playerIds.length === 0) return found;
  const r = await q.query<{ player_id: string; linked_id: string; username: string; kinds: LinkKind[] }>(
    `SELECT mine.player_id, p.id AS linked_id, p.username, array_agg(DISTINCT mine.kind ORDER BY mine.kind) AS kinds
     FROM player_links mine
     JOIN player_links theirs ON theirs.kind = mine.kind AND theirs.value = mine.value
       AND theirs.player_id <> mine.player_id
     JOIN players p ON p.id = theirs.player_id
     WHERE mine.player_id = ANY($1::uuid[])
       AND (mine.kind NOT IN ('ADDRESS', 'FINGERPRINT') OR (
         theirs.last_seen_at > app_now() - make_interval(days => $3)
         AND (SELECT count(*) FROM player_links a WHERE a.kind = mine.kind AND a.value = mine.value
                AND a.last_seen_at > app_now() - make_interval(days => $3)) <= $2))
     GROUP BY mine.player_id, p.id, p.username
     ORDER BY mine.player_id, p.username`,
    [playerIds, SHARED_LINK_MAX_PLAYERS, SHARED_LINK_DAYS],
  );
  for (const row of r.rows)
    found.get(row.player_id)?.push({ playerId: row.linked_id, username: row.username, kinds: row.kinds });
  return found;
}
