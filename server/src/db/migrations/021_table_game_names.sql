-- Issue 27: the sandbox studio plays every casino and card game as a baccarat table (docs/games.md), so
-- their names say baccarat instead of promising roulette, sic bo, blackjack, pok deng or poker, and a
-- roulette wheel, dice or a blackjack hand no longer shows on a baccarat table's artwork.
-- Only a game still as seeded is changed (the operator may have renamed it or given it other artwork).
UPDATE games SET name = renamed.name,
  thumbnail = CASE WHEN games.thumbnail = renamed.seeded_thumbnail THEN renamed.thumbnail ELSE games.thumbnail END
FROM (VALUES
  ('alp-card-001', 'Hi-Lo Lucky Draw', 'Lucky Draw Baccarat', '/games/art/card-hilo.svg', '/games/art/card-hilo.svg'),
  ('alp-card-002', 'Pok Deng Party', 'Party Baccarat', '/games/art/card-pokdeng.svg', '/games/art/card-pokdeng.svg'),
  ('amb-card-001', 'Pokdeng', 'Mekong Baccarat', '/games/art/card-pokdeng.svg', '/games/art/card-pokdeng.svg'),
  ('amb-card-002', 'Pok Deng Royal', 'Royal Baccarat', '/games/art/card-pokdeng.svg', '/games/art/card-pokdeng.svg'),
  ('amb-card-003', 'Thai Hi-Lo', 'Thai Baccarat', '/games/art/card-hilo.svg', '/games/art/card-hilo.svg'),
  ('amb-card-004', 'Three Card Poker', 'Third Card Baccarat', '/games/art/card-poker.svg', '/games/art/card-poker.svg'),
  ('gc-casino-002', 'Roulette', 'Baccarat Classic', '/games/art/casino-roulette.svg', '/games/art/casino-baccarat.svg'),
  ('gc-casino-007', 'Dragon Tiger Express', 'Dragon Baccarat Express', '/games/art/casino-dragon-tiger.svg', '/games/art/casino-dragon-tiger.svg'),
  ('gc-casino-004', 'Golden Sic Bo', 'Golden Baccarat', '/games/art/casino-sicbo.svg', '/games/art/casino-baccarat.svg'),
  ('gc-casino-005', 'European Roulette Gold', 'European Baccarat Gold', '/games/art/casino-roulette.svg', '/games/art/casino-baccarat.svg'),
  ('gc-casino-006', 'Blackjack Classic', 'Punto Banco Classic', '/games/art/casino-blackjack.svg', '/games/art/casino-baccarat.svg'),
  ('gc-casino-008', 'Fan Tan Fortune', 'Fortune Baccarat', '/games/art/casino-sicbo.svg', '/games/art/casino-baccarat.svg'),
  ('gc-card-003', 'Pok Deng Speed', 'Speed Deal Baccarat', '/games/art/card-pokdeng.svg', '/games/art/card-pokdeng.svg'),
  ('gc-card-001', 'Dragon Tiger', 'Tiger Baccarat', '/games/art/casino-dragon-tiger.svg', '/games/art/casino-dragon-tiger.svg'),
  ('gc-card-002', 'Texas Hold''em Heads-Up', 'Heads-Up Baccarat', '/games/art/card-poker.svg', '/games/art/card-poker.svg'),
  ('gcl-casino-006', 'Live Dragon Tiger', 'Live Dragon Baccarat', '/games/art/casino-dragon-tiger.svg', '/games/art/casino-dragon-tiger.svg'),
  ('gcl-casino-007', 'Live Auto Roulette', 'Live Auto Baccarat', '/games/art/casino-roulette.svg', '/games/art/casino-baccarat.svg'),
  ('gcl-casino-008', 'Live Immersive Roulette', 'Live Immersive Baccarat', '/games/art/casino-roulette.svg', '/games/art/casino-baccarat.svg'),
  ('gcl-casino-002', 'Live Sic Bo', 'Live Punto Banco', '/games/art/casino-sicbo.svg', '/games/art/casino-baccarat.svg'),
  ('gcl-casino-009', 'Live Hi-Lo Sic Bo', 'Live Golden Baccarat', '/games/art/casino-sicbo.svg', '/games/art/casino-baccarat.svg'),
  ('gcl-casino-010', 'Live Fan Tan', 'Live Fortune Baccarat', '/games/art/casino-sicbo.svg', '/games/art/casino-baccarat.svg'),
  ('gcl-casino-011', 'Live Blackjack VIP', 'Live Baccarat VIP', '/games/art/casino-blackjack.svg', '/games/art/casino-baccarat.svg'),
  ('gcl-card-002', 'Live Pok Deng', 'Live Squeeze Baccarat', '/games/art/card-pokdeng.svg', '/games/art/card-pokdeng.svg'),
  ('gcl-card-001', 'Live Blackjack', 'Live Baccarat Classic', '/games/art/casino-blackjack.svg', '/games/art/casino-baccarat.svg'),
  ('gcl-card-003', 'Live Three Card Poker', 'Live Third Card Baccarat', '/games/art/card-poker.svg', '/games/art/card-poker.svg')
) AS renamed (id, seeded, name, seeded_thumbnail, thumbnail)
WHERE games.id = renamed.id AND games.name = renamed.seeded;
