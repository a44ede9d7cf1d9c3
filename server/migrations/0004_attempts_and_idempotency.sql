-- Attempt limits as atomic counters (server/domain/attempts.ts): one row per scope, subject and
-- fixed window, reserved before a secret is checked. They replace the per-failure rows of cards.
CREATE TABLE attempt_counters (
  scope        text NOT NULL,
  subject      text NOT NULL,
  window_start timestamptz NOT NULL,
  attempts     integer NOT NULL CHECK (attempts >= 0),
  PRIMARY KEY (scope, subject, window_start)
);
CREATE INDEX attempt_counters_window ON attempt_counters(window_start);
DROP TABLE card_failures;

-- Every effect once (server/domain/idempotency.ts): the first answer to a state-changing call,
-- kept 24 hours per caller and Idempotency-Key, with a fingerprint of the call it answered.
CREATE TABLE idempotency_keys (
  scope       text NOT NULL,          -- the call and who made it (session or address)
  key         text NOT NULL,
  fingerprint text NOT NULL,          -- the path and parameters, hashed
  response    jsonb NOT NULL,         -- the envelope answered (stored in the call's own transaction)
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
