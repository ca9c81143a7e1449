-- Sandbox mode on a public address (issue 26): the sandbox bank's and providers' HMAC secrets, when not set
-- by GATEWAY_SECRET / PROVIDER_SECRET, are generated once per database and kept here, so that every
-- instance on the database signs alike and no one outside knows them (docs/security.md).
CREATE TABLE sandbox_secrets (
  name text PRIMARY KEY CHECK (name IN ('GATEWAY_SECRET', 'PROVIDER_SECRET')),
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
