-- The sandbox game studio (sandbox mode only): a game session per redeemed launch token. Its rounds are
-- rows of sandbox_game_rounds (migration 008) carrying the session's id.
CREATE TABLE sandbox_studio_sessions (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
  provider text NOT NULL REFERENCES providers (code),
  player_id uuid NOT NULL,
  game_id text NOT NULL REFERENCES games (id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
