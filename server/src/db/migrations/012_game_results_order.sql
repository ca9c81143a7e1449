-- The provider's totals at the last booking: a wallet answer read before it (arriving late) is never
-- booked over a newer one. Stakes only grow, and between two stakes only settles (wins >= 0) happen, so
-- (bets total, round results) orders the provider's answers in time.
ALTER TABLE provider_game_results ADD COLUMN booked_bets bigint NOT NULL DEFAULT 0;
