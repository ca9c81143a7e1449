-- Player protection (docs/protection.md): deposit and loss limits, time-outs and self-exclusions.

-- One row per player, kind and period. amount is the limit in force (LAK, NULL: none). A raise or a removal
-- is not applied at once: it waits as pending_* until the player confirms it inside the window fixed when
-- it was asked for (24 h after the request, for 7 days), so the rule in force at the request holds.
CREATE TABLE player_limits (
  player_id uuid NOT NULL REFERENCES players (id),
  kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'LOSS')),
  period text NOT NULL CHECK (period IN ('DAY', 'WEEK', 'MONTH')),
  amount bigint CHECK (amount > 0),
  effective_from timestamptz,
  -- A pending change exists when pending_requested_at is set; pending_amount NULL then means removal.
  pending_amount bigint CHECK (pending_amount > 0),
  pending_requested_at timestamptz,
  pending_confirmable_from timestamptz,
  pending_confirmable_until timestamptz,
  PRIMARY KEY (player_id, kind, period),
  CHECK ((pending_requested_at IS NULL) = (pending_confirmable_from IS NULL)
     AND (pending_requested_at IS NULL) = (pending_confirmable_until IS NULL)),
  CHECK (pending_requested_at IS NOT NULL OR pending_amount IS NULL)
);

CREATE TABLE player_exclusions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id),
  kind text NOT NULL CHECK (kind IN ('TIME_OUT', 'SELF_EXCLUSION')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX player_exclusions_player ON player_exclusions (player_id, ends_at);

-- An exclusion is never shortened, by the player or an operator (RTS 14: no reversal during the period):
-- an update may only move ends_at later, and a row is never deleted.
CREATE FUNCTION player_exclusion_only_extends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.ends_at < OLD.ends_at OR NEW.starts_at <> OLD.starts_at
     OR NEW.kind <> OLD.kind OR NEW.player_id <> OLD.player_id THEN
    RAISE EXCEPTION 'an exclusion may only be extended (% on player_exclusions)', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER player_exclusions_only_extend BEFORE UPDATE OR DELETE ON player_exclusions
  FOR EACH ROW EXECUTE FUNCTION player_exclusion_only_extends();
