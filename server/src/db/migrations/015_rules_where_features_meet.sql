-- Issue 26: rules that hold where features meet (docs/protection.md, docs/promotions.md).

-- Limits count a deposit by when it was credited, whatever the state of its order when the bank paid.
ALTER TABLE orders ADD COLUMN credited_at timestamptz;
UPDATE orders SET credited_at = updated_at WHERE kind = 'DEPOSIT' AND status IN ('PAID', 'SUCCESS');
CREATE INDEX orders_credited ON orders (player_id, credited_at) WHERE credited_at IS NOT NULL;

-- A payment that may not be made playable (paid after its order closed and over a limit, or during a
-- time-out or self-exclusion) is kept as the player's money and paid back to their bank account: the order
-- is REJECTED with the reason, and the return's payout stages are recorded here.
ALTER TABLE orders ADD COLUMN return_reason text
  CHECK (return_reason IN ('DEPOSIT_LIMIT_EXCEEDED', 'LOSS_LIMIT_EXCEEDED', 'PLAYER_TIMED_OUT', 'PLAYER_SELF_EXCLUDED'));
ALTER TABLE orders ADD COLUMN return_bank_account_id uuid REFERENCES bank_accounts (id);
ALTER TABLE orders ADD COLUMN return_started_at timestamptz;
ALTER TABLE orders ADD COLUMN return_paid_at timestamptz;
ALTER TABLE orders ADD COLUMN return_reference text UNIQUE;

-- A promotion cancel whose bonus take-back is on its way to the provider: the usage stays in force until
-- the provider has taken the bonus back (then CANCELED), and stays in force if it refuses.
ALTER TABLE promotion_usages ADD COLUMN cancel_reference text UNIQUE;
ALTER TABLE promotion_usages ADD COLUMN cancel_attempts integer NOT NULL DEFAULT 0;

-- Spec §5 and §9: a withdrawal under a promotion needs credit above the promotion credit and at least this
-- minimum (THB satang).
ALTER TABLE promotions ADD COLUMN min_withdraw_credit bigint NOT NULL DEFAULT 0 CHECK (min_withdraw_credit >= 0);

-- Play time is the union of the player's active moments on the site and in games: time is counted up to
-- here, so a session touch and a game bet covering the same minutes count them once.
ALTER TABLE players ADD COLUMN play_counted_until timestamptz;
-- The last bet of a game session: the gap since it is play time when short enough.
ALTER TABLE sandbox_studio_sessions ADD COLUMN last_activity_at timestamptz;
