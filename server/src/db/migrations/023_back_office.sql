-- Issue 31: a back office for the agency's staff (docs/backoffice.md).

-- Staff accounts, separate from players: their own names, roles, passwords and a TOTP secret each.
-- The first owner is made with `npm run ops -- staff add <username> --role owner`; owners make the rest.
CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL UNIQUE CHECK (username ~ '^[a-z][a-z0-9_.]{2,31}$'),
  display_name text NOT NULL CHECK (display_name <> ''),
  role text NOT NULL CHECK (role IN ('owner', 'operator', 'marketing', 'support')),
  password_hash text NOT NULL,
  -- Base32 secret of the staff member's authenticator (RFC 6238, 30-second steps, 6 digits).
  totp_secret text NOT NULL,
  -- The last time step a code was accepted for: a code is good once, not for the rest of its 30 seconds.
  totp_last_step bigint NOT NULL DEFAULT 0,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);

-- Staff sessions: the cookie holds a random secret, only its SHA-256 is kept. 15 minutes idle ends one.
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- Every staff action and ops command, appended, never changed: each row's hash covers its own fields and
-- the hash of the row before it, so an edited or deleted row breaks the chain (`npm run ops -- audit verify`).
CREATE TABLE audit_log (
  seq bigint PRIMARY KEY CHECK (seq > 0),
  at timestamptz NOT NULL,
  actor text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb,
  address text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE
);
CREATE INDEX audit_log_target_idx ON audit_log (target);

-- The chain's head, one row: locked by each append, so appends from any instance follow one another.
CREATE TABLE audit_head (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  seq bigint NOT NULL,
  hash text NOT NULL
);
INSERT INTO audit_head (seq, hash) VALUES (0, repeat('0', 64));

-- Append-only in the database too: an UPDATE or DELETE of an audit row is refused. (Someone with the
-- rights to drop this trigger can still edit rows; the hash chain is what detects that.)
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- Approvals of a withdrawal by staff (four eyes): above the owner's amount, two different people approve.
CREATE TABLE withdrawal_approvals (
  order_code text NOT NULL REFERENCES orders (code),
  actor text NOT NULL,
  approved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_code, actor)
);

-- The back office's own settings, one row. four_eyes_above_satang: withdrawals of more credit than this
-- need a second approver; null turns four eyes off.
CREATE TABLE backoffice_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  four_eyes_above_satang bigint CHECK (four_eyes_above_satang >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO backoffice_settings (four_eyes_above_satang) VALUES (NULL);

-- Notes staff keep about a player, never shown to the player.
CREATE TABLE staff_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id),
  author text NOT NULL,
  text text NOT NULL CHECK (text <> '' AND length(text) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_notes_player_idx ON staff_notes (player_id);
