-- Registrations per address: each costs an argon2id hash (~70 ms), so unbounded registering is a way to
-- load the server. Kept in the database so every instance counts the same.
CREATE TABLE registration_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_attempts_ip_idx ON registration_attempts (ip, created_at);
