-- One wallet (issue 27, item 2): a player who turns on "bring my credit along" has every game launch first
-- move the credit held at the other providers into the game's provider (docs/games.md, "One wallet").
ALTER TABLE players ADD COLUMN bring_credit_along boolean NOT NULL DEFAULT false;
