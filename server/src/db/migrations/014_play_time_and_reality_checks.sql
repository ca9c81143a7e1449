-- Player protection, second part (docs/protection.md): a daily play-time limit kept with the other limits
-- (kind PLAY_TIME, period DAY, amount in minutes), the reality-check interval, and the time played per day.

ALTER TABLE player_limits DROP CONSTRAINT player_limits_kind_check;
ALTER TABLE player_limits ADD CONSTRAINT player_limits_kind_check
  CHECK (kind IN ('DEPOSIT', 'LOSS', 'PLAY_TIME'));
ALTER TABLE player_limits ADD CONSTRAINT player_limits_play_time_daily
  CHECK (kind <> 'PLAY_TIME' OR period = 'DAY');

-- Minutes between reminders of the time played; NULL: no reminders.
ALTER TABLE players ADD COLUMN reality_check_minutes integer
  CHECK (reality_check_minutes IN (15, 30, 45, 60, 90, 120));

-- Seconds a player was signed in and active, per calendar day in Asia/Vientiane (UTC+7, no daylight time).
CREATE TABLE player_play_time (
  player_id uuid NOT NULL REFERENCES players (id),
  day date NOT NULL,
  seconds integer NOT NULL DEFAULT 0 CHECK (seconds >= 0),
  PRIMARY KEY (player_id, day)
);
