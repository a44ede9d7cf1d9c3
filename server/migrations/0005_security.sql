-- Real-name verification starts unverified for every kind of account (docs/security.md, finding 4): the
-- platform sets the flag from the brand's gate when it creates an account; the default no longer
-- lets one through.
ALTER TABLE accounts ALTER COLUMN real_name SET DEFAULT false;

-- Test-account tokens: issued to a tester at each sign-in, bound to that account and the device it
-- signed in from, expiring; revoked one by one (no platform secret involved).
CREATE TABLE tester_tokens (
  token_hash text PRIMARY KEY,          -- sha256 of the token; the token itself is never stored
  user_id    bigint NOT NULL REFERENCES accounts(user_id),
  device     text NOT NULL,             -- the idfv the sign-in came with
  issued_at  timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX tester_tokens_user ON tester_tokens(user_id);
ALTER TABLE accounts DROP COLUMN beta_token;

-- Sessions slide: each use moves the end to the idle limit from now, never past the absolute limit.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz, ADD COLUMN absolute_expires_at timestamptz;
UPDATE sessions SET last_seen_at = created_at, absolute_expires_at = expires_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL, ALTER COLUMN absolute_expires_at SET NOT NULL;
