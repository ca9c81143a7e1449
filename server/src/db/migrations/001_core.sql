-- Core tables: the agency, players, their sessions, login attempts (throttling) and device fingerprints.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18): gen_random_uuid() is built in since 13.

CREATE TABLE agencies (
  id text PRIMARY KEY,
  name text NOT NULL,
  currency text NOT NULL DEFAULT 'THB' CHECK (currency IN ('LAK', 'THB', 'USD')),
  telegram text NOT NULL DEFAULT '',
  whatsapp text NOT NULL DEFAULT '',
  facebook text NOT NULL DEFAULT '',
  twitter text NOT NULL DEFAULT '',
  line text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE players (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL UNIQUE,
  display_name text NOT NULL,
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'BLOCKED')),
  -- Blocked from promotions only (GET /v2/players/backlist); a BLOCKED player is blocked from everything.
  promotion_blocked boolean NOT NULL DEFAULT false,
  currency text NOT NULL DEFAULT 'THB' CHECK (currency IN ('LAK', 'THB', 'USD')),
  -- The device fingerprint visitor id sent at registration.
  fingerprint text,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The cookie holds a random secret; only its SHA-256 is stored, so a database leak yields no usable session.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  -- Shown to the player as credential.sessionId: unique per login, never the secret.
  public_id text NOT NULL UNIQUE,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- The absolute timeout; the idle timeout is checked against last_seen_at.
  expires_at timestamptz NOT NULL,
  previous_login_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_player_id_idx ON sessions (player_id);

-- Every login attempt, kept for throttling and audit. username is as typed (it may not exist).
CREATE TABLE login_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  ip text NOT NULL,
  succeeded boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_username_ip_idx ON login_attempts (username, ip, created_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);
CREATE INDEX login_attempts_created_at_idx ON login_attempts (created_at);

CREATE TABLE fingerprints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  visitor_id text NOT NULL,
  player_id uuid REFERENCES players (id) ON DELETE SET NULL,
  data jsonb NOT NULL,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fingerprints_visitor_id_idx ON fingerprints (visitor_id);
CREATE INDEX fingerprints_player_id_idx ON fingerprints (player_id);
