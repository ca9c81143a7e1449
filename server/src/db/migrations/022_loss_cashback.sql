-- Issue 30: loss cashback (docs/rewards.md). The agency's terms are one row; each player's cashback of a
-- period is one row, unique per player and period, so a period is paid once whoever runs it and however
-- often. The payment's ledger transfer (reference cb:<payment id>) commits with its row.
CREATE TABLE reward_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  cashback_enabled boolean NOT NULL DEFAULT true,
  cashback_rate_bp integer NOT NULL DEFAULT 500 CHECK (cashback_rate_bp BETWEEN 0 AND 10000),
  cashback_period text NOT NULL DEFAULT 'WEEK' CHECK (cashback_period IN ('DAY', 'WEEK')),
  cashback_min_loss bigint NOT NULL DEFAULT 10000 CHECK (cashback_min_loss >= 0),
  cashback_max bigint NOT NULL DEFAULT 500000 CHECK (cashback_max > 0),
  cashback_turnover integer NOT NULL DEFAULT 1 CHECK (cashback_turnover BETWEEN 0 AND 100),
  cashback_payment text NOT NULL DEFAULT 'AUTO' CHECK (cashback_payment IN ('AUTO', 'CLAIM')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO reward_settings (id) VALUES (1);

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
  turnover_required bigint NOT NULL DEFAULT 0 CHECK (turnover_required >= 0),
  -- provider_game_results.bets_seen when it was credited: its turnover counts the stakes after.
  bets_baseline bigint NOT NULL DEFAULT 0,
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
