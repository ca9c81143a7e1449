-- Game catalogue (issue 12): artwork, new/hot flags, an operator switch per game and where it opens; the
-- player's favourite and recently played games; one-time launch tokens. `sort` stays the game's order
-- within its provider. Keep to SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

ALTER TABLE games ADD COLUMN thumbnail text;
ALTER TABLE games ADD COLUMN is_new boolean NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN is_hot boolean NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN enabled boolean NOT NULL DEFAULT true;
ALTER TABLE games ADD COLUMN opens_in text NOT NULL DEFAULT 'frame' CHECK (opens_in IN ('frame', 'tab'));

-- The games 002's seed put in an existing database get their artwork and their place in the catalogue
-- seedGames.ts now starts a fresh database with; any other game gets its category's artwork. No operator
-- command could have changed these rows before this migration.
UPDATE games SET
  thumbnail = '/games/art/' || CASE id
    WHEN 'alp-slot-001' THEN 'slot-lotus'
    WHEN 'alp-slot-002' THEN 'slot-elephant'
    WHEN 'alp-fish-001' THEN 'fish-shark'
    WHEN 'alp-chicken-001' THEN 'chicken-rooster'
    WHEN 'amb-slot-001' THEN 'slot-naga'
    WHEN 'amb-slot-002' THEN 'slot-gems'
    WHEN 'amb-sport-001' THEN 'sport-football'
    WHEN 'amb-card-001' THEN 'card-pokdeng'
    WHEN 'gc-casino-001' THEN 'casino-baccarat'
    WHEN 'gc-casino-002' THEN 'casino-roulette'
    WHEN 'gc-card-001' THEN 'casino-dragon-tiger'
    WHEN 'gcl-casino-001' THEN 'casino-baccarat'
    WHEN 'gcl-casino-002' THEN 'casino-sicbo'
    WHEN 'gcl-card-001' THEN 'casino-blackjack'
    ELSE CASE category
      WHEN 'slot' THEN 'slot-cherry'
      WHEN 'sport' THEN 'sport-football'
      WHEN 'casino' THEN 'casino-baccarat'
      WHEN 'fish' THEN 'fish-golden'
      WHEN 'card' THEN 'card-pokdeng'
      ELSE 'chicken-rooster'
    END
  END || '.svg',
  sort = CASE id
    WHEN 'alp-slot-001' THEN 10
    WHEN 'alp-slot-002' THEN 40
    WHEN 'alp-fish-001' THEN 110
    WHEN 'alp-chicken-001' THEN 160
    WHEN 'amb-slot-001' THEN 10
    WHEN 'amb-slot-002' THEN 60
    WHEN 'amb-sport-001' THEN 120
    WHEN 'amb-card-001' THEN 150
    WHEN 'gc-casino-001' THEN 10
    WHEN 'gc-casino-002' THEN 30
    WHEN 'gc-card-001' THEN 100
    WHEN 'gcl-casino-001' THEN 10
    WHEN 'gcl-casino-002' THEN 80
    WHEN 'gcl-card-001' THEN 130
    ELSE sort
  END,
  is_hot = id IN ('alp-slot-001', 'amb-slot-001', 'gc-casino-001', 'gcl-casino-001');

ALTER TABLE games ALTER COLUMN thumbnail SET NOT NULL;
-- Artwork is served by this site (the contract says same origin), never an outside address.
ALTER TABLE games ADD CONSTRAINT games_thumbnail_same_origin CHECK (thumbnail ~ '^/games/art/[a-z0-9-]+\.svg$');
ALTER TABLE games ADD CONSTRAINT games_id_format CHECK (id ~ '^[a-z0-9-]{3,64}$');
ALTER TABLE games ADD CONSTRAINT games_name_length CHECK (length(name) BETWEEN 1 AND 80);

-- Stars a player put on games, newest first on the lobby.
CREATE TABLE player_favourite_games (
  player_id uuid NOT NULL REFERENCES players (id),
  game_id text NOT NULL REFERENCES games (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, game_id)
);

-- The last launch of each game per player: at most one row per game, so the table never outgrows the
-- catalogue times the players.
CREATE TABLE player_recent_games (
  player_id uuid NOT NULL REFERENCES players (id),
  game_id text NOT NULL REFERENCES games (id),
  played_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, game_id)
);
CREATE INDEX player_recent_games_latest ON player_recent_games (player_id, played_at DESC);

-- One-time launch tokens, kept only as the SHA-256 of the token (hex): a copy of this table opens no game.
CREATE TABLE launch_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  player_id uuid NOT NULL REFERENCES players (id),
  provider text NOT NULL REFERENCES providers (code),
  game_id text NOT NULL REFERENCES games (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Expired tokens are deleted as new ones are issued.
CREATE INDEX launch_tokens_expiry ON launch_tokens (expires_at);
