-- Platform state. The catalogue (games, servers, goods, prices, channels, VIP levels, events) is
-- derived from brands.yaml in memory; everything a player changes lives here.

CREATE TABLE accounts (
  user_id      bigserial PRIMARY KEY,
  brand_id     text NOT NULL,
  username     text NOT NULL,
  provider     text NOT NULL DEFAULT 'password',   -- password, card, google, apple, facebook, twitter, vk, huawei
  provider_uid text,
  password_hash text,
  region       text NOT NULL DEFAULT 'GLOBAL',
  real_name    boolean NOT NULL DEFAULT true,
  is_test      boolean NOT NULL DEFAULT false,
  beta_token   text UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, username),
  UNIQUE (brand_id, provider, provider_uid)
);

CREATE TABLE sessions (
  token      text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES accounts(user_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE roles (
  user_id    bigint NOT NULL REFERENCES accounts(user_id),
  gp_id      integer NOT NULL,
  server_id  text NOT NULL,
  role_id    text NOT NULL,
  role_name  text NOT NULL,
  level      integer NOT NULL DEFAULT 1,
  area_id    text,
  PRIMARY KEY (gp_id, role_id)
);
CREATE INDEX roles_user ON roles(user_id, gp_id);

CREATE TABLE orders (
  billing_no     text PRIMARY KEY,
  user_id        bigint REFERENCES accounts(user_id),
  payer_user_id  bigint REFERENCES accounts(user_id),
  brand_id       text NOT NULL,
  gp_id          integer NOT NULL,
  client_id      text NOT NULL,
  server_id      text NOT NULL,
  role_id        text NOT NULL,
  product_id     text NOT NULL,
  product_name   text NOT NULL,
  amount         numeric(14,2) NOT NULL,
  original_amount numeric(14,2) NOT NULL,
  currency       text NOT NULL,
  payway_id      integer NOT NULL,
  channel_id     text NOT NULL,
  region         text,
  coupon_code    text,
  points         integer NOT NULL DEFAULT 0,
  gems           integer,
  status         integer NOT NULL DEFAULT -1,
  pay_url        text,
  replenish_id   text,
  platform       text NOT NULL,
  request_meta   jsonb NOT NULL DEFAULT '{}',
  created_at     timestamptz NOT NULL DEFAULT now(),
  paid_at        timestamptz,
  delivered_at   timestamptz,
  failed_at      timestamptz
);
CREATE INDEX orders_user ON orders(user_id, gp_id, created_at DESC);
CREATE INDEX orders_limit ON orders(gp_id, product_id, role_id, status);
-- At most one unpaid order per goods and role: the idempotency guard (never a second charge).
CREATE UNIQUE INDEX orders_one_pending ON orders(gp_id, role_id, product_id) WHERE status = -1;

CREATE TABLE payment_notifications (
  event_id    text PRIMARY KEY,
  billing_no  text NOT NULL REFERENCES orders(billing_no),
  provider    text NOT NULL,
  outcome     text NOT NULL,
  payload     jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  applied     boolean NOT NULL DEFAULT false
);

CREATE TABLE vip_accounts (
  user_id        bigint NOT NULL REFERENCES accounts(user_id),
  brand_id       text NOT NULL,
  total_points   integer NOT NULL DEFAULT 0,
  spent_points   integer NOT NULL DEFAULT 0,
  level_reached  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, brand_id)
);

CREATE TABLE coupons (
  code           text PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES accounts(user_id),
  brand_id       text NOT NULL,
  name           text NOT NULL,
  kind           text NOT NULL,                 -- permanent, week, month
  discount_rate  numeric(4,3) NOT NULL,
  min_level      integer NOT NULL DEFAULT 0,
  min_amount_usd numeric(10,2) NOT NULL DEFAULT 0,
  claimed        boolean NOT NULL DEFAULT true, -- false: claimable (use_category 'claim')
  locked         boolean NOT NULL DEFAULT false,
  period         text,                          -- e.g. 2026-W47 for weekly grants
  valid_end_time timestamptz NOT NULL,
  time_zone      text NOT NULL DEFAULT '+00:00',
  used_billing_no text,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, brand_id, kind, period, name)
);
CREATE INDEX coupons_user ON coupons(user_id, brand_id);

CREATE TABLE activity_claims (
  activity_id text NOT NULL,
  reward_id   text NOT NULL,
  user_id     bigint NOT NULL REFERENCES accounts(user_id),
  claimed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (activity_id, reward_id, user_id)
);

CREATE TABLE point_exchanges (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES accounts(user_id),
  brand_id   text NOT NULL,
  points     integer NOT NULL,
  coins      integer NOT NULL,
  role_id    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE prepaid_cards (
  card_no     text PRIMARY KEY,
  brand_id    text NOT NULL,
  password_hash text NOT NULL,
  card_points integer NOT NULL,
  price       numeric(14,2) NOT NULL,
  currency    text NOT NULL,
  gems        integer NOT NULL,
  extra_gems  integer NOT NULL DEFAULT 0,
  used_billing_no text,
  used_at     timestamptz
);

CREATE TABLE card_failures (
  id        bigserial PRIMARY KEY,
  card_no   text NOT NULL,
  address   text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_failures_card ON card_failures(card_no, failed_at);
CREATE INDEX card_failures_address ON card_failures(address, failed_at);

CREATE TABLE replenish_links (
  replenish_id  text PRIMARY KEY,
  brand_id      text NOT NULL,
  gp_id         integer NOT NULL,
  client_id     text NOT NULL,
  target_user_id bigint NOT NULL REFERENCES accounts(user_id),
  server_id     text NOT NULL,
  role_id       text NOT NULL,
  product_id    text NOT NULL,
  expires_at    timestamptz NOT NULL,
  billing_no    text,
  paid_at       timestamptz
);

CREATE TABLE account_blocks (
  user_id   bigint PRIMARY KEY REFERENCES accounts(user_id),
  reason    text NOT NULL,
  lift_at   timestamptz
);

CREATE TABLE tracking_events (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL,         -- dot or api
  name        text NOT NULL,
  host        text,
  payload     jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
