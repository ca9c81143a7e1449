-- Issue 27: the sandbox studio plays every sport, fish and chicken game as a pick of one of three cards
-- (docs/games.md), so their names say so instead of promising a live cockfight, a shooting game or odds.
-- Only a name still as seeded is changed (the operator has no rename, but a database may hold its own).
UPDATE games SET name = renamed.name
FROM (VALUES
  ('alp-chicken-002', 'Cockfight Champions Arena', 'Champion Rooster Pick'),
  ('alp-chicken-001', 'Rooster Fight', 'Rooster Pick 3'),
  ('amb-chicken-001', 'Fighting Rooster Derby', 'Rooster Derby Pick'),
  ('gc-chicken-001', 'Cockpit Arena Live', 'Cockpit Pick 3'),
  ('gcl-chicken-001', 'Live Cockfight Arena', 'Cockfight Arena Pick 3'),
  ('alp-fish-001', 'Ocean King', 'Ocean King Pick 3'),
  ('alp-fish-002', 'Golden Carp Hunter', 'Golden Carp Pick'),
  ('alp-fish-003', 'Octopus Reef Blaster', 'Octopus Reef Pick'),
  ('amb-fish-001', 'Mekong Fishing Party', 'Mekong Fish Pick'),
  ('amb-fish-002', 'Shark Hunter Deluxe', 'Shark Pick Deluxe'),
  ('gc-fish-001', 'Fortune Fish Hall', 'Fortune Fish Pick 3'),
  ('alp-sport-001', 'Muay Thai Knockout', 'Muay Thai Corner Pick'),
  ('alp-sport-002', 'Virtual Football League', 'Football Pick 3'),
  ('alp-sport-003', 'Basketball Slam Bet', 'Basketball Pick 3'),
  ('amb-sport-001', 'Football Live', 'Penalty Pick 3'),
  ('amb-sport-002', 'Lumpinee Fight Night', 'Lumpinee Corner Pick'),
  ('amb-sport-003', 'Asian Handicap Football', 'Football Goal Pick'),
  ('amb-sport-004', 'Hoops Live Basketball', 'Hoops Pick 3'),
  ('gc-sport-001', 'Premier Football Odds', 'Premier Football Pick'),
  ('gcl-sport-001', 'Live Muay Thai Ringside', 'Ringside Corner Pick')
) AS renamed (id, seeded, name)
WHERE games.id = renamed.id AND games.name = renamed.seeded;
