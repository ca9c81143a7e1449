-- The automatic withdrawal limit as the owner sets it in the back office (satang); NULL: the server's
-- AUTO_WITHDRAW_MAX_SATANG. 0 turns automatic payouts off, as the variable's 0 does.
ALTER TABLE backoffice_settings
  ADD COLUMN auto_withdraw_max_satang bigint CHECK (auto_withdraw_max_satang >= 0);
