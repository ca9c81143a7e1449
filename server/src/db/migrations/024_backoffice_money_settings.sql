-- The automatic withdrawal limit as the owner sets it in the back office (satang); NULL: the server's
-- AUTO_WITHDRAW_MAX_SATANG. 0 turns automatic payouts off, as the variable's 0 does.
ALTER TABLE backoffice_settings
  ADD COLUMN auto_withdraw_max_satang bigint CHECK (auto_withdraw_max_satang >= 0);

-- The deposit bounds as the owner sets them (whole kip); NULL: DEPOSIT_MIN_LAK / DEPOSIT_MAX_LAK.
ALTER TABLE backoffice_settings
  ADD COLUMN deposit_min_lak bigint CHECK (deposit_min_lak >= 1),
  ADD COLUMN deposit_max_lak bigint CHECK (deposit_max_lak >= 1);
