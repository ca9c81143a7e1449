-- A member's last sign-in, kept on the account: a reset or a disable deletes the sessions it would otherwise
-- be read from (docs/backoffice.md, "Staff").
ALTER TABLE staff ADD COLUMN last_sign_in_at timestamptz;
ALTER TABLE staff ADD COLUMN last_sign_in_address text;
UPDATE staff s SET last_sign_in_at = last.created_at, last_sign_in_address = last.ip
FROM (SELECT DISTINCT ON (staff_id) staff_id, created_at, ip FROM staff_sessions ORDER BY staff_id, created_at DESC) last
WHERE last.staff_id = s.id;
