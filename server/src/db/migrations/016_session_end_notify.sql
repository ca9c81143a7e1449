-- Every way a session ends deletes its row: logout, ending one session or the others, a password change,
-- self-exclusion, blocking, the play-time limit, housekeeping of expired ones. Each deletion tells every
-- instance listening on the database (NOTIFY, sent on commit), which closes that session's live event
-- streams at once (http/events.ts) instead of at their next session check. Done here rather than in each
-- DELETE so that no path, present or future, can forget it. The payload is the session's id: a uuid, never
-- the cookie's token or its digest.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('player_session_ended', OLD.id::text);
  RETURN OLD;
END;
$$;
CREATE TRIGGER sessions_notify_ended AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
