-- The seamless wallet's ordinary bet and win in one statement (docs/games.md, "One round trip"), and play time
-- noted in one.
--
-- A provider's bet or win is a few milliseconds of work, and most of what it cost was the seven round trips
-- of its transaction: each one a message both ways, a snapshot and a context switch on each side. An ordinary
-- call (a known player in a live session, nothing to note or touch, no limit or exclusion to weigh, enough
-- credit, a new transaction id) is decided and written here in one. Any other call is answered NULL, having
-- written nothing, and placeWalletBet / creditWalletWin decide it in TypeScript as before: every refusal, every
-- repeat and every protection rule has one home, there. What a call writes has one home too: the two
-- wallet_record_* functions below, called by both paths.

-- An accepted bet's records: its round (opened by it, or its stake added), the stake counted for the player's
-- turnover (promotions, rewards) and the day's stakes (check-in, referral), and the transaction id's row with
-- its answer. A round that is another player's takes no stake (WALLET_ROUND_MISMATCH), an ended one none at all
-- (WALLET_ROUND_ENDED): the code is answered, nothing is written, and the caller rolls its transaction back.
CREATE FUNCTION wallet_record_bet(
  p_provider text, p_round_id text, p_player uuid, p_game_id text, p_amount bigint, p_day date,
  p_transaction_id text, p_hash text, p_answer jsonb, p_reference text
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_round_player uuid;
  v_before bigint;
BEGIN
  INSERT INTO wallet_rounds (provider, round_id, player_id, game_id, status, bets)
  VALUES (p_provider, p_round_id, p_player, p_game_id, 'OPEN', p_amount)
  ON CONFLICT (provider, round_id) DO UPDATE SET bets = wallet_rounds.bets + EXCLUDED.bets
    WHERE wallet_rounds.player_id = EXCLUDED.player_id AND wallet_rounds.status = 'OPEN';
  IF NOT FOUND THEN
    SELECT player_id INTO v_round_player FROM wallet_rounds WHERE provider = p_provider AND round_id = p_round_id;
    RETURN CASE WHEN v_round_player = p_player THEN 'WALLET_ROUND_ENDED' ELSE 'WALLET_ROUND_MISMATCH' END;
  END IF;
  INSERT INTO provider_game_results (player_id, provider, booked, bets_seen) VALUES (p_player, p_provider, 0, p_amount)
  ON CONFLICT (player_id, provider) DO UPDATE SET bets_seen = provider_game_results.bets_seen + EXCLUDED.bets_seen
  RETURNING bets_seen - p_amount INTO v_before;
  INSERT INTO player_daily_bets (player_id, provider, day, bets_before, bets_after)
  VALUES (p_player, p_provider, p_day, v_before, v_before + p_amount)
  ON CONFLICT (player_id, day, provider)
  DO UPDATE SET bets_after = GREATEST(player_daily_bets.bets_after, EXCLUDED.bets_after);
  INSERT INTO wallet_transactions (provider, transaction_id, kind, player_id, round_id, game_id, amount,
    request_hash, answer, ledger_reference)
  VALUES (p_provider, p_transaction_id, 'BET', p_player, p_round_id, p_game_id, p_amount, p_hash, p_answer,
    p_reference);
  RETURN NULL;
END;
$$;

-- An accepted win's records: its round's wins (and its end when asked) and the transaction id's row.
CREATE FUNCTION wallet_record_win(
  p_provider text, p_round_id text, p_player uuid, p_game_id text, p_amount bigint, p_end boolean,
  p_transaction_id text, p_bet_transaction_id text, p_hash text, p_answer jsonb, p_reference text
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_rounds SET wins = wins + p_amount,
    status = CASE WHEN p_end THEN 'ENDED' ELSE status END,
    ended_at = CASE WHEN p_end THEN app_now() ELSE ended_at END
  WHERE provider = p_provider AND round_id = p_round_id;
  INSERT INTO wallet_transactions (provider, transaction_id, kind, player_id, round_id, game_id, amount,
    bet_transaction_id, request_hash, answer, ledger_reference)
  VALUES (p_provider, p_transaction_id, 'WIN', p_player, p_round_id, p_game_id, p_amount, p_bet_transaction_id,
    p_hash, p_answer, p_reference);
END;
$$;

-- Play time (docs/protection.md): seconds of activity added to the player's play day, answered with the day's
-- seconds before and after and the daily limit in force (minutes, NULL for none). One home for both paths.
CREATE FUNCTION add_play_time(p_player uuid, p_day date, p_seconds bigint,
  OUT seconds_before bigint, OUT seconds_after bigint, OUT limit_minutes bigint)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_play_time (player_id, day, seconds) VALUES (p_player, p_day, GREATEST(p_seconds, 0))
  ON CONFLICT (player_id, day) DO UPDATE SET seconds = player_play_time.seconds + EXCLUDED.seconds
  RETURNING seconds INTO seconds_after;
  seconds_before := seconds_after - GREATEST(p_seconds, 0);
  SELECT amount INTO limit_minutes FROM player_limits
  WHERE player_id = p_player AND kind = 'PLAY_TIME' AND period = 'DAY' AND amount IS NOT NULL;
END;
$$;

-- One moment of activity at p_now from a source last active at p_since (a session touching the site, a call in
-- a game): the time since then not counted yet. Time already counted (up to players.play_counted_until) is not
-- counted again when the player is on the site and in a game at once.
CREATE FUNCTION note_play_activity(p_player uuid, p_since timestamptz, p_now timestamptz, p_day date,
  OUT seconds_before bigint, OUT seconds_after bigint, OUT limit_minutes bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_counted timestamptz;
BEGIN
  UPDATE players p SET play_counted_until = GREATEST(COALESCE(old.until, p_now), p_now)
  FROM (SELECT id, play_counted_until AS until FROM players WHERE id = p_player FOR NO KEY UPDATE) old
  WHERE p.id = old.id RETURNING old.until INTO v_counted;
  SELECT a.seconds_before, a.seconds_after, a.limit_minutes INTO seconds_before, seconds_after, limit_minutes
  FROM add_play_time(p_player, p_day,
    floor(extract(epoch FROM p_now - GREATEST(p_since, COALESCE(v_counted, p_since))))::bigint) a;
END;
$$;

-- The game session of a call, locked, with the call's play time noted when it is due (every p_activity_secs)
-- and, for a bet (p_touch_secs not NULL), the site session it was launched from kept alive as a page's request
-- keeps it (rewritten at most every p_touch_secs). Rows are locked in the order beginGameCall and a page's touch
-- lock them: the game session, the site session, the player. NULL for an unknown session, or a player with a
-- daily play-time limit: every call of theirs is noted and may reach the limit, and the TypeScript path ends
-- their sessions when it does.
CREATE FUNCTION wallet_fast_session(p_provider text, p_token_hash text, p_now timestamptz, p_idle_since timestamptz,
  p_activity_secs integer, p_play_day date, p_touch_secs integer)
RETURNS wallet_sessions LANGUAGE plpgsql AS $$
DECLARE
  g wallet_sessions%ROWTYPE;
  v_last timestamptz;
BEGIN
  SELECT * INTO g FROM wallet_sessions WHERE token_hash = p_token_hash AND provider = p_provider FOR UPDATE;
  IF NOT FOUND OR EXISTS (
      SELECT 1 FROM player_limits WHERE player_id = g.player_id AND kind = 'PLAY_TIME' AND period = 'DAY'
        AND amount IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  IF p_touch_secs IS NOT NULL AND g.site_session_id IS NOT NULL THEN
    UPDATE sessions SET last_seen_at = p_now
    WHERE id = g.site_session_id AND expires_at > p_now AND last_seen_at > p_idle_since
      AND last_seen_at < p_now - make_interval(secs => p_touch_secs);
  END IF;
  v_last := COALESCE(g.last_activity_at, g.created_at);
  IF v_last <= p_now - make_interval(secs => p_activity_secs) THEN
    UPDATE wallet_sessions SET last_activity_at = p_now WHERE token_hash = p_token_hash;
    -- Away longer than a session may idle, the player came back now: the time between was not play.
    PERFORM note_play_activity(g.player_id, CASE WHEN v_last < p_idle_since THEN p_now ELSE v_last END, p_now,
      p_play_day);
  END IF;
  RETURN g;
END;
$$;

-- The player's credit at the provider, locked (every call below runs under this lock), and the provider's
-- float; NULL accounts when the player has no credit there yet. The balance is read in a statement after the
-- lock's, so it is the latest.
CREATE FUNCTION wallet_lock_credit(p_player uuid, p_provider text,
  OUT player_account bigint, OUT float_account bigint, OUT credit bigint)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.id, f.id INTO player_account, float_account FROM ledger_accounts p, ledger_accounts f
  WHERE p.key = 'player:' || p_player || ':' || p_provider AND f.key = 'system:provider_float:THB:' || p_provider
  FOR UPDATE OF p;
  IF player_account IS NOT NULL THEN
    SELECT a.balance INTO credit FROM ledger_accounts a WHERE a.id = player_account;
  END IF;
END;
$$;

-- An ordinary bet, decided and written, answered with its WalletAnswer; NULL (nothing written) for any other.
-- Locks in the order the TypeScript path takes them: the game session, then the player's credit.
CREATE FUNCTION wallet_bet_fast(
  p_provider text, p_token_hash text, p_transaction_id text, p_round_id text, p_game_id text, p_amount bigint,
  p_now timestamptz, p_idle_since timestamptz, p_activity_secs integer, p_touch_secs integer, p_day date,
  p_play_day date, p_hash text, p_reference text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  g wallet_sessions%ROWTYPE;
  v_player bigint;
  v_float bigint;
  v_balance bigint;
  v_transfer bigint;
  v_answer jsonb;
BEGIN
  IF p_amount <= 0 THEN
    RETURN NULL;
  END IF;
  g := wallet_fast_session(p_provider, p_token_hash, p_now, p_idle_since, p_activity_secs, p_play_day,
    p_touch_secs);
  IF g.token_hash IS NULL THEN
    RETURN NULL;
  END IF;
  -- The site session the game was launched from must be live (the TypeScript path refuses the bet otherwise).
  IF g.site_session_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM sessions WHERE id = g.site_session_id AND expires_at > p_now AND last_seen_at > p_idle_since) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM player_limits WHERE player_id = g.player_id AND kind = 'LOSS' AND amount IS NOT NULL)
     OR EXISTS (SELECT 1 FROM player_exclusions WHERE player_id = g.player_id AND starts_at <= p_now
                  AND ends_at > p_now) THEN
    RETURN NULL;
  END IF;
  SELECT c.player_account, c.float_account, c.credit INTO v_player, v_float, v_balance
  FROM wallet_lock_credit(g.player_id, p_provider) c;
  IF v_player IS NULL THEN
    RETURN NULL;
  END IF;
  IF v_balance < p_amount
     OR EXISTS (SELECT 1 FROM wallet_transactions WHERE provider = p_provider AND transaction_id = p_transaction_id)
     OR EXISTS (SELECT 1 FROM wallet_tombstones WHERE provider = p_provider AND bet_transaction_id = p_transaction_id)
     OR NOT EXISTS (SELECT 1 FROM games WHERE id = p_game_id AND provider = p_provider)
     OR EXISTS (SELECT 1 FROM wallet_rounds WHERE provider = p_provider AND round_id = p_round_id
                  AND (player_id <> g.player_id OR status <> 'OPEN')) THEN
    RETURN NULL;
  END IF;
  v_answer := jsonb_build_object('balance', v_balance - p_amount, 'currency', 'THB',
    'transactionId', p_transaction_id, 'roundId', p_round_id);
  -- The round is written first: taken meanwhile by another player's call, nothing has been written yet.
  IF wallet_record_bet(p_provider, p_round_id, g.player_id, p_game_id, p_amount, p_day, p_transaction_id, p_hash,
       v_answer, p_reference) IS NOT NULL THEN
    RETURN NULL;
  END IF;
  SELECT transfer INTO v_transfer FROM ledger_post_transfer(p_reference, 'GAME_BET', v_player, v_float, p_amount,
    NULL, NULL, NULL);
  IF v_transfer IS NULL THEN
    RAISE EXCEPTION 'wallet bet %: the ledger refused a checked transfer', p_reference;
  END IF;
  RETURN v_answer;
END;
$$;

-- An ordinary win (a known open round of the player, a new transaction id), decided and written, answered
-- with its WalletAnswer; NULL (nothing written) for any other. A win is never refused by the player's
-- protection: its stake was taken in an open round.
CREATE FUNCTION wallet_win_fast(
  p_provider text, p_token_hash text, p_transaction_id text, p_round_id text, p_game_id text, p_amount bigint,
  p_end boolean, p_bet_transaction_id text, p_now timestamptz, p_idle_since timestamptz, p_activity_secs integer,
  p_play_day date, p_hash text, p_reference text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  g wallet_sessions%ROWTYPE;
  r wallet_rounds%ROWTYPE;
  v_player bigint;
  v_float bigint;
  v_balance bigint;
  v_transfer bigint;
  v_answer jsonb;
BEGIN
  IF p_amount < 0 THEN
    RETURN NULL;
  END IF;
  g := wallet_fast_session(p_provider, p_token_hash, p_now, p_idle_since, p_activity_secs, p_play_day, NULL);
  IF g.token_hash IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT c.player_account, c.float_account, c.credit INTO v_player, v_float, v_balance
  FROM wallet_lock_credit(g.player_id, p_provider) c;
  IF v_player IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT * INTO r FROM wallet_rounds WHERE provider = p_provider AND round_id = p_round_id;
  IF r.round_id IS NULL OR r.player_id <> g.player_id OR r.status <> 'OPEN'
     OR EXISTS (SELECT 1 FROM wallet_transactions WHERE provider = p_provider AND transaction_id = p_transaction_id)
     OR NOT EXISTS (SELECT 1 FROM games WHERE id = p_game_id AND provider = p_provider)
     OR (p_bet_transaction_id IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM wallet_transactions WHERE provider = p_provider AND transaction_id = p_bet_transaction_id
             AND kind = 'BET' AND round_id = p_round_id)) THEN
    RETURN NULL;
  END IF;
  IF p_amount > 0 THEN
    SELECT transfer INTO v_transfer FROM ledger_post_transfer(p_reference, 'GAME_WIN', v_float, v_player, p_amount,
      NULL, NULL, r.opened_at);
    IF v_transfer IS NULL THEN
      RAISE EXCEPTION 'wallet win %: the ledger refused a checked transfer', p_reference;
    END IF;
  END IF;
  v_answer := jsonb_build_object('balance', v_balance + p_amount, 'currency', 'THB',
    'transactionId', p_transaction_id, 'roundId', p_round_id);
  PERFORM wallet_record_win(p_provider, p_round_id, g.player_id, p_game_id, p_amount, p_end, p_transaction_id,
    p_bet_transaction_id, p_hash, v_answer, CASE WHEN p_amount > 0 THEN p_reference END);
  RETURN v_answer;
END;
$$;
