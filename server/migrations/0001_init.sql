-- The platform's own bookkeeping: which seed of brands.yaml the data was made from.
CREATE TABLE IF NOT EXISTS platform_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
