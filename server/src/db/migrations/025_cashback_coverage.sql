-- Which game results each cashback payment settled (docs/rewards.md, "Exactly once"): a result belongs to
-- at most one payment, whatever periods the agency or an operator settle, so a day paid and then a week
-- holding it (or a period kind changed mid-week) never pay the same loss twice.
CREATE TABLE cashback_covered_results (
  transfer_id bigint PRIMARY KEY REFERENCES ledger_transfers (id),
  payment_id uuid NOT NULL REFERENCES cashback_payments (id)
);
CREATE INDEX cashback_covered_results_payment ON cashback_covered_results (payment_id);

-- The payments made before this table existed covered every result booked in their periods: the earliest
-- payment of a result takes it.
INSERT INTO cashback_covered_results (transfer_id, payment_id)
SELECT DISTINCT ON (t.id) t.id, c.id
FROM cashback_payments c
JOIN ledger_accounts a ON a.player_id = c.player_id AND NOT a.is_system
JOIN ledger_postings p ON p.account_id = a.id
JOIN ledger_transfers t ON t.id = p.transfer_id
WHERE t.kind = 'GAME_RESULT' AND t.created_at >= c.period_start AND t.created_at < c.period_end
ORDER BY t.id, c.created_at;

-- A change of the period kind waits for the next week's start, the first instant that ends a period of
-- both kinds (rewardSettings.ts): NULL while none is waiting.
ALTER TABLE reward_settings
  ADD COLUMN cashback_period_next text CHECK (cashback_period_next IN ('DAY', 'WEEK')),
  ADD COLUMN cashback_period_next_from timestamptz,
  ADD CONSTRAINT cashback_period_next_whole CHECK ((cashback_period_next IS NULL) = (cashback_period_next_from IS NULL));
