-- Browsers a player has logged in from (an OWASP "device cookie"): the cookie holds a random token, the
-- table its SHA-256. A login attempt carrying a known token for that player is exempt from the per-address
-- ceiling, so guessing from a shared address (carrier NAT) cannot lock out a player who got in before.
CREATE TABLE login_devices (
  token_hash text PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_devices_player_idx ON login_devices (player_id);
CREATE INDEX login_devices_last_used_idx ON login_devices (last_used_at);

-- Anonymous calls counted per address (fingerprint posts, username checks), like registration_attempts.
CREATE TABLE address_hits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX address_hits_kind_ip_idx ON address_hits (kind, ip, created_at);
CREATE INDEX address_hits_created_at_idx ON address_hits (created_at);
