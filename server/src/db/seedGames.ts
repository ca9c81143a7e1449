import type { components } from '@core/contract';
import type { Queryable } from './types';

type Provider = components['schemas']['Provider'];
export type GameCategory = components['schemas']['GameCategory'];

/** The artwork there is: each game's thumbnail is `/games/art/<motif>.svg` (public/games/art). */
export const GAME_ART_MOTIFS = [
  'slot-cherry',
  'slot-seven',
  'slot-naga',
  'slot-dragon',
  'slot-gems',
  'slot-fruit',
  'slot-elephant',
  'slot-lotus',
  'casino-baccarat',
  'casino-roulette',
  'casino-dragon-tiger',
  'casino-sicbo',
  'casino-blackjack',
  'fish-golden',
  'fish-shark',
  'fish-octopus',
  'sport-football',
  'sport-muaythai',
  'sport-basketball',
  'card-pokdeng',
  'card-poker',
  'card-hilo',
  'chicken-rooster',
  'chicken-arena',
] as const;

export type GameArtMotif = (typeof GAME_ART_MOTIFS)[number];

export function thumbnailOf(motif: GameArtMotif): string {
  return `/games/art/${motif}.svg`;
}

/** One catalogue line: id, category, name (as the provider titles it), artwork, and its flag if any. */
type SeedGame = [id: string, category: GameCategory, name: string, motif: GameArtMotif, flag?: 'new' | 'hot'];

/**
 * The catalogue a fresh database starts with. Sport, fish and chicken games are played in the sandbox studio
 * as a pick of one of three (docs/games.md): their names say "Pick", never "Live", "Hunter" or "Odds"., per provider in lobby order: a game's order is its position
 * times 10, so the operator can slot a game in between (`npm run ops -- games order <id> <N>`). The first
 * fourteen ids were seeded by 002 and migration 007 gave them the same artwork and order as here.
 */
export const SEED_GAMES: Record<Provider, SeedGame[]> = {
  alphabet: [
    ['alp-slot-001', 'slot', 'Mekong Fortune', 'slot-lotus', 'hot'],
    ['alp-slot-003', 'slot', 'Naga Treasure Temple', 'slot-naga', 'new'],
    ['alp-slot-006', 'slot', 'Dragon Pearl Megaways', 'slot-dragon', 'hot'],
    ['alp-slot-002', 'slot', 'Golden Elephant', 'slot-elephant'],
    ['alp-slot-004', 'slot', 'Lucky Sevens Vientiane', 'slot-seven'],
    ['alp-slot-005', 'slot', 'Lotus Blossom Riches', 'slot-lotus', 'new'],
    ['alp-slot-007', 'slot', 'Jade Gem Cascade', 'slot-gems'],
    ['alp-slot-008', 'slot', 'Tropical Fruit Frenzy', 'slot-fruit'],
    ['alp-slot-009', 'slot', 'Cherry Blast 777', 'slot-cherry'],
    ['alp-slot-010', 'slot', 'White Elephant Kingdom', 'slot-elephant'],
    ['alp-fish-001', 'fish', 'Ocean King Pick 3', 'fish-shark'],
    ['alp-fish-002', 'fish', 'Golden Carp Pick', 'fish-golden', 'hot'],
    ['alp-fish-003', 'fish', 'Octopus Reef Pick', 'fish-octopus', 'new'],
    ['alp-sport-001', 'sport', 'Muay Thai Corner Pick', 'sport-muaythai', 'hot'],
    ['alp-chicken-002', 'chicken', 'Champion Rooster Pick', 'chicken-arena', 'new'],
    ['alp-chicken-001', 'chicken', 'Rooster Pick 3', 'chicken-rooster'],
    ['alp-sport-002', 'sport', 'Football Pick 3', 'sport-football'],
    ['alp-sport-003', 'sport', 'Basketball Pick 3', 'sport-basketball'],
    ['alp-card-001', 'card', 'Lucky Draw Baccarat', 'card-hilo'],
    ['alp-card-002', 'card', 'Party Baccarat', 'card-pokdeng'],
  ],
  askmebet: [
    ['amb-slot-001', 'slot', 'Golden Naga', 'slot-naga', 'hot'],
    ['amb-slot-004', 'slot', 'Fortune Dragon Ways', 'slot-dragon', 'hot'],
    ['amb-slot-003', 'slot', 'Naga King Megaways', 'slot-naga', 'new'],
    ['amb-slot-005', 'slot', 'Siam Gems Deluxe', 'slot-gems'],
    ['amb-slot-008', 'slot', 'Sacred Lotus Night', 'slot-lotus', 'new'],
    ['amb-slot-002', 'slot', 'Lucky Lantern', 'slot-gems'],
    ['amb-slot-006', 'slot', 'Fruit Party Mekong', 'slot-fruit'],
    ['amb-slot-007', 'slot', 'Lucky 7 Express', 'slot-seven'],
    ['amb-slot-009', 'slot', 'Cherry Pop', 'slot-cherry'],
    ['amb-fish-001', 'fish', 'Mekong Fish Pick', 'fish-golden'],
    ['amb-fish-002', 'fish', 'Shark Pick Deluxe', 'fish-shark', 'new'],
    ['amb-sport-001', 'sport', 'Penalty Pick 3', 'sport-football'],
    ['amb-sport-002', 'sport', 'Lumpinee Corner Pick', 'sport-muaythai', 'hot'],
    ['amb-sport-003', 'sport', 'Football Goal Pick', 'sport-football'],
    ['amb-card-001', 'card', 'Mekong Baccarat', 'card-pokdeng'],
    ['amb-card-002', 'card', 'Royal Baccarat', 'card-pokdeng', 'hot'],
    ['amb-card-003', 'card', 'Thai Baccarat', 'card-hilo'],
    ['amb-card-004', 'card', 'Third Card Baccarat', 'card-poker'],
    ['amb-sport-004', 'sport', 'Hoops Pick 3', 'sport-basketball', 'new'],
    ['amb-chicken-001', 'chicken', 'Rooster Derby Pick', 'chicken-rooster'],
  ],
  gclub: [
    ['gc-casino-001', 'casino', 'Baccarat', 'casino-baccarat', 'hot'],
    ['gc-casino-003', 'casino', 'Speed Baccarat Royal', 'casino-baccarat', 'new'],
    ['gc-casino-002', 'casino', 'Baccarat Classic', 'casino-baccarat'],
    ['gc-casino-007', 'casino', 'Dragon Baccarat Express', 'casino-dragon-tiger', 'hot'],
    ['gc-casino-004', 'casino', 'Golden Baccarat', 'casino-baccarat'],
    ['gc-casino-005', 'casino', 'European Baccarat Gold', 'casino-baccarat'],
    ['gc-casino-006', 'casino', 'Punto Banco Classic', 'casino-baccarat'],
    ['gc-casino-008', 'casino', 'Fortune Baccarat', 'casino-baccarat'],
    ['gc-card-003', 'card', 'Speed Deal Baccarat', 'card-pokdeng', 'new'],
    ['gc-card-001', 'card', 'Tiger Baccarat', 'casino-dragon-tiger'],
    ['gc-card-002', 'card', 'Heads-Up Baccarat', 'card-poker'],
    ['gc-slot-001', 'slot', 'Emperor Dragon Slots', 'slot-dragon'],
    ['gc-slot-002', 'slot', 'Royal Sevens', 'slot-seven'],
    ['gc-fish-001', 'fish', 'Fortune Fish Pick 3', 'fish-golden'],
    ['gc-sport-001', 'sport', 'Premier Football Pick', 'sport-football'],
    ['gc-chicken-001', 'chicken', 'Cockpit Pick 3', 'chicken-arena'],
  ],
  gclub_live: [
    ['gcl-casino-001', 'casino', 'Live Baccarat', 'casino-baccarat', 'hot'],
    ['gcl-casino-003', 'casino', 'Speed Baccarat 1', 'casino-baccarat', 'hot'],
    ['gcl-casino-004', 'casino', 'Speed Baccarat 2', 'casino-baccarat'],
    ['gcl-casino-005', 'casino', 'No Commission Baccarat', 'casino-baccarat', 'new'],
    ['gcl-casino-006', 'casino', 'Live Dragon Baccarat', 'casino-dragon-tiger', 'hot'],
    ['gcl-casino-007', 'casino', 'Live Auto Baccarat', 'casino-baccarat'],
    ['gcl-casino-008', 'casino', 'Live Immersive Baccarat', 'casino-baccarat'],
    ['gcl-casino-002', 'casino', 'Live Punto Banco', 'casino-baccarat'],
    ['gcl-casino-009', 'casino', 'Live Golden Baccarat', 'casino-baccarat'],
    ['gcl-casino-010', 'casino', 'Live Fortune Baccarat', 'casino-baccarat'],
    ['gcl-casino-011', 'casino', 'Live Baccarat VIP', 'casino-baccarat', 'new'],
    ['gcl-card-002', 'card', 'Live Squeeze Baccarat', 'card-pokdeng'],
    ['gcl-card-001', 'card', 'Live Baccarat Classic', 'casino-baccarat'],
    ['gcl-card-003', 'card', 'Live Third Card Baccarat', 'card-poker'],
    ['gcl-chicken-001', 'chicken', 'Cockfight Arena Pick 3', 'chicken-arena', 'new'],
    ['gcl-sport-001', 'sport', 'Ringside Corner Pick', 'sport-muaythai'],
  ],
};

/**
 * Inserts every catalogue game that is missing and never touches one that exists, so what the operator
 * changed (disabled, reordered, re-flagged) survives a restart. Runs after the providers are seeded.
 */
export async function seedGames(db: Queryable): Promise<void> {
  for (const [provider, games] of Object.entries(SEED_GAMES)) {
    for (const [i, [id, category, name, motif, flag]] of games.entries()) {
      await db.query(
        `INSERT INTO games (id, provider, category, name, thumbnail, is_new, is_hot, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
        [id, provider, category, name, thumbnailOf(motif), flag === 'new', flag === 'hot', (i + 1) * 10],
      );
    }
  }
}
