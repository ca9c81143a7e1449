-- Issue 30: rewards (docs/rewards.md). The agency's terms are one row. Every reward credited is a row of
-- reward_credits (its turnover), under the reference of its ledger transfer and outbox row.
CREATE TABLE reward_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  cashback_enabled boolean NOT NULL DEFAULT true,
  cashback_rate_bp integer NOT NULL DEFAULT 500 CHECK (cashback_rate_bp BETWEEN 0 AND 10000),
  cashback_period text NOT NULL DEFAULT 'WEEK' CHECK (cashback_period IN ('DAY', 'WEEK')),
  cashback_min_loss bigint NOT NULL DEFAULT 10000 CHECK (cashback_min_loss >= 0),
  cashback_max bigint NOT NULL DEFAULT 500000 CHECK (cashback_max > 0),
  cashback_turnover integer NOT NULL DEFAULT 1 CHECK (cashback_turnover BETWEEN 0 AND 100),
  cashback_payment text NOT NULL DEFAULT 'AUTO' CHECK (cashback_payment IN ('AUTO', 'CLAIM')),
  checkin_enabled boolean NOT NULL DEFAULT true,
  checkin_day_reward bigint NOT NULL DEFAULT 500 CHECK (checkin_day_reward > 0),
  checkin_streak_days integer NOT NULL DEFAULT 7 CHECK (checkin_streak_days BETWEEN 2 AND 31),
  checkin_streak_bonus bigint NOT NULL DEFAULT 5000 CHECK (checkin_streak_bonus >= 0),
  checkin_min_deposit bigint NOT NULL DEFAULT 100000 CHECK (checkin_min_deposit >= 0),
  checkin_min_turnover bigint NOT NULL DEFAULT 10000 CHECK (checkin_min_turnover >= 0),
  checkin_turnover integer NOT NULL DEFAULT 1 CHECK (checkin_turnover BETWEEN 0 AND 100),
  referral_enabled boolean NOT NULL DEFAULT true,
  referral_basis text NOT NULL DEFAULT 'STAKES' CHECK (referral_basis IN ('STAKES', 'NET_LOSS')),
  referral_rate_bp integer NOT NULL DEFAULT 50 CHECK (referral_rate_bp BETWEEN 0 AND 10000),
  referral_monthly_cap bigint NOT NULL DEFAULT 1000000 CHECK (referral_monthly_cap >= 0),
  referral_turnover integer NOT NULL DEFAULT 1 CHECK (referral_turnover BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO reward_settings (id) VALUES (1);

CREATE TABLE reward_credits (
  reference text PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id),
  provider text NOT NULL REFERENCES providers (code),
  kind text NOT NULL CHECK (kind IN ('CASHBACK', 'CHECK_IN', 'REFERRAL')),
  amount bigint NOT NULL CHECK (amount > 0),
  turnover_required bigint NOT NULL CHECK (turnover_required >= 0),
  -- provider_game_results.bets_seen when it was credited: its turnover counts the stakes after.
  bets_baseline bigint NOT NULL,
  credited_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reward_credits_player ON reward_credits (player_id, provider);

-- Each player's cashback of a period: one row, unique per player and period, so a period is paid once
-- whoever runs it and however often. Credited rows have a reward_credits row under cb:<id>.
CREATE TABLE cashback_payments (
  id uuid PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id),
  period text NOT NULL CHECK (period IN ('DAY', 'WEEK')),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  net_result bigint NOT NULL,
  provider text NOT NULL REFERENCES providers (code),
  rate_bp integer NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('PAID', 'CLAIMABLE', 'EXPIRED',
    'WITHHELD_TIME_OUT', 'WITHHELD_SELF_EXCLUSION', 'WITHHELD_BLOCKED')),
  claim_until timestamptz,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (player_id, period, period_start)
);
CREATE INDEX cashback_payments_player ON cashback_payments (player_id, period_start DESC);

-- A period every player of which has been settled: the periodic job skips it.
CREATE TABLE reward_period_runs (
  period text NOT NULL,
  period_start timestamptz NOT NULL,
  players integer NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (period, period_start)
);

-- The stakes booked each Vientiane day at each provider: the provider's betsTotal when the day's first
-- booking found it grown (bets_before) and the highest since (bets_after). A day's turnover is the sum of
-- the differences; stakes count on the day they are booked, as game results do.
CREATE TABLE player_daily_bets (
  player_id uuid NOT NULL REFERENCES players (id),
  provider text NOT NULL REFERENCES providers (code),
  day date NOT NULL,
  bets_before bigint NOT NULL,
  bets_after bigint NOT NULL,
  PRIMARY KEY (player_id, day, provider)
);

-- The daily check-in: one row per player and Vientiane day claimed, written with its reward_credits row.
CREATE TABLE checkin_claims (
  player_id uuid NOT NULL REFERENCES players (id),
  day date NOT NULL,
  streak integer NOT NULL CHECK (streak >= 1),
  provider text NOT NULL REFERENCES providers (code),
  amount bigint NOT NULL CHECK (amount > 0),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, day)
);

-- Refer a friend. Each player's code, made at first need, and the last day their commission was accrued.
CREATE TABLE referral_codes (
  player_id uuid PRIMARY KEY REFERENCES players (id),
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{8}$'),
  accrued_through date
);

-- A friend who registered through a code: one referrer per friend (the first link wins in the browser).
-- A friend found to share the referrer's device, fingerprint, address or bank account holder earns no
-- commission: the refusal and why are kept.
CREATE TABLE referrals (
  friend_id uuid PRIMARY KEY REFERENCES players (id),
  referrer_id uuid NOT NULL REFERENCES players (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  refused_reason text CHECK (refused_reason IN ('DEVICE', 'FINGERPRINT', 'ADDRESS', 'BANK_ACCOUNT')),
  refused_at timestamptz,
  CHECK (friend_id <> referrer_id)
);
CREATE INDEX referrals_referrer ON referrals (referrer_id);

-- The commission of each Vientiane day, accrued once the day is over (capped per month).
CREATE TABLE referral_accruals (
  referrer_id uuid NOT NULL REFERENCES players (id),
  day date NOT NULL,
  friends integer NOT NULL,
  basis bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (referrer_id, day)
);

CREATE TABLE referral_claims (
  id uuid PRIMARY KEY,
  referrer_id uuid NOT NULL REFERENCES players (id),
  amount bigint NOT NULL CHECK (amount > 0),
  provider text NOT NULL REFERENCES providers (code),
  claimed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_claims_referrer ON referral_claims (referrer_id);
