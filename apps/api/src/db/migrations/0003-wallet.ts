import { type Kysely, sql } from 'kysely';

/**
 * Wallet rules an admin can change (who may send what to whom, exchange pairs, withdrawal limits, prices),
 * the member's bound withdrawal addresses, withdrawals and deposits, and the append-only audit log.
 *
 * Balances are not here: they are the ledger's (0002). A withdrawal's id is the id of its ledger hold and a
 * deposit's id the id of its ledger transfer, so each business row points at exactly one movement of money.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who did what, when, from where. Never edited: the database refuses it, not only the code.
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_id bigint REFERENCES members(id),
      action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.]{1,60}$'),
      subject text NOT NULL DEFAULT '' CHECK (length(subject) <= 200),
      detail jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(detail) = 'object'),
      ip text NOT NULL DEFAULT '' CHECK (length(ip) <= 64),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_actor ON audit_log (actor_id, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_subject ON audit_log (subject, id DESC)`.execute(db);
  await sql`
    CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION append_only()`.execute(db);

  // What one whole coin is worth in USD, in micro-dollars: the wallet's USD total and market-rate pairs.
  await sql`
    CREATE TABLE currency_prices (
      currency text PRIMARY KEY REFERENCES currencies(code),
      usd_micros numeric(38, 0) NOT NULL CHECK (usd_micros >= 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO currency_prices (currency, usd_micros) VALUES
      ('USDT', 1000000), ('USDC', 1000000), ('MCOIN', 250000), ('SCOIN', 100000), ('AIRDROP', 0)`.execute(db);

  // Which wallet may send which currency to another member's which wallet. No row, no transfer.
  await sql`
    CREATE TABLE wallet_transfer_rules (
      from_wallet text NOT NULL CHECK (from_wallet IN ('deposit', 'trading', 'reward', 'funds')),
      to_wallet text NOT NULL CHECK (to_wallet IN ('deposit', 'trading', 'reward', 'funds')),
      currency text NOT NULL REFERENCES currencies(code),
      enabled boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (from_wallet, to_wallet, currency)
    )`.execute(db);
  await sql`
    INSERT INTO wallet_transfer_rules (from_wallet, to_wallet, currency) VALUES
      ('funds', 'funds', 'USDT'), ('funds', 'funds', 'USDC'), ('funds', 'funds', 'AIRDROP')`.execute(db);

  // An exchange from one (currency, wallet) to another. A fixed rate is "to units per from unit" as the
  // fraction rate_num / rate_den of whole units; a market pair takes the two currencies' prices instead.
  // version grows on every change, so a quote made before a change is refused at confirmation.
  await sql`
    CREATE TABLE exchange_pairs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      from_currency text NOT NULL REFERENCES currencies(code),
      from_wallet text NOT NULL CHECK (from_wallet IN ('deposit', 'trading', 'reward', 'funds')),
      to_currency text NOT NULL REFERENCES currencies(code),
      to_wallet text NOT NULL CHECK (to_wallet IN ('deposit', 'trading', 'reward', 'funds')),
      pricing text NOT NULL CHECK (pricing IN ('fixed', 'market')),
      rate_num numeric(38, 0) NOT NULL DEFAULT 1 CHECK (rate_num > 0),
      rate_den numeric(38, 0) NOT NULL DEFAULT 1 CHECK (rate_den > 0),
      fee_bps integer NOT NULL DEFAULT 0 CHECK (fee_bps BETWEEN 0 AND 5000),
      min_amount numeric(38, 0) NOT NULL DEFAULT 1 CHECK (min_amount > 0),
      enabled boolean NOT NULL DEFAULT true,
      version integer NOT NULL DEFAULT 1,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (from_currency, from_wallet, to_currency, to_wallet),
      CHECK (from_currency <> to_currency OR from_wallet <> to_wallet)
    )`.execute(db);
  await sql`
    INSERT INTO exchange_pairs (from_currency, from_wallet, to_currency, to_wallet, pricing, fee_bps, min_amount)
    VALUES
      ('USDT', 'deposit', 'USDT', 'funds', 'fixed', 0, 1000000),
      ('USDC', 'deposit', 'USDC', 'funds', 'fixed', 0, 1000000),
      ('USDT', 'reward', 'USDT', 'funds', 'fixed', 0, 1000000),
      ('USDT', 'funds', 'USDC', 'funds', 'fixed', 50, 1000000),
      ('USDC', 'funds', 'USDT', 'funds', 'fixed', 50, 1000000),
      ('MCOIN', 'funds', 'USDT', 'funds', 'market', 300, 100000000),
      ('SCOIN', 'funds', 'USDT', 'funds', 'market', 300, 100000000)`.execute(db);

  // Per currency: the least a member may withdraw, the fee, the wallets it may leave from, the networks.
  await sql`
    CREATE TABLE withdrawal_settings (
      currency text PRIMARY KEY REFERENCES currencies(code),
      min_amount numeric(38, 0) NOT NULL CHECK (min_amount > 0),
      fee_bps integer NOT NULL CHECK (fee_bps BETWEEN 0 AND 5000),
      wallets text[] NOT NULL CHECK (wallets <@ ARRAY['deposit', 'trading', 'reward', 'funds']),
      networks text[] NOT NULL CHECK (networks <@ ARRAY['TRC20', 'ERC20', 'BEP20']),
      enabled boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO withdrawal_settings (currency, min_amount, fee_bps, wallets, networks) VALUES
      ('USDT', 20000000, 500, ARRAY['funds'], ARRAY['TRC20', 'ERC20', 'BEP20']),
      ('USDC', 20000000, 500, ARRAY['funds'], ARRAY['ERC20', 'BEP20']),
      ('MCOIN', 10000000000, 500, ARRAY['funds'], ARRAY['BEP20']),
      ('SCOIN', 20000000000, 500, ARRAY['funds'], ARRAY['BEP20'])`.execute(db);

  // Where members deposit, per currency and network, and the least that is credited.
  await sql`
    CREATE TABLE deposit_channels (
      currency text NOT NULL REFERENCES currencies(code),
      network text NOT NULL CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
      address text NOT NULL,
      min_amount numeric(38, 0) NOT NULL CHECK (min_amount > 0),
      confirmations integer NOT NULL CHECK (confirmations > 0),
      enabled boolean NOT NULL DEFAULT true,
      PRIMARY KEY (currency, network)
    )`.execute(db);
  await sql`
    INSERT INTO deposit_channels (currency, network, address, min_amount, confirmations) VALUES
      ('USDT', 'TRC20', 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd', 10000000, 6),
      ('USDT', 'ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 10000000, 6),
      ('USDT', 'BEP20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 10000000, 6),
      ('USDC', 'ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 10000000, 6),
      ('USDC', 'BEP20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 10000000, 6)`.execute(db);

  await sql`
    CREATE TABLE settings (
      key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{1,60}$'),
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO settings (key, value) VALUES ('withdrawal_note', ${JSON.stringify({
      text: 'Withdrawals are reviewed within 24 hours on working days. The fee is taken from the amount. Check the network of your address: coins sent on the wrong network cannot be recovered.',
    })}::jsonb)`.execute(db);

  // One address per member and network, bound once: the database refuses any change.
  await sql`
    CREATE TABLE withdrawal_addresses (
      member_id bigint NOT NULL REFERENCES members(id),
      network text NOT NULL CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
      address text NOT NULL CHECK (length(address) BETWEEN 20 AND 100),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, network)
    )`.execute(db);
  await sql`
    CREATE TRIGGER withdrawal_addresses_bound_once BEFORE UPDATE OR DELETE ON withdrawal_addresses
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);

  await sql`
    CREATE TABLE withdrawals (
      id uuid PRIMARY KEY REFERENCES ledger_transfers(id),
      member_id bigint NOT NULL REFERENCES members(id),
      currency text NOT NULL REFERENCES currencies(code),
      wallet text NOT NULL,
      network text NOT NULL,
      address text NOT NULL,
      amount numeric(38, 0) NOT NULL CHECK (amount > 0),
      fee numeric(38, 0) NOT NULL CHECK (fee >= 0 AND fee < amount),
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'paid', 'rejected', 'cancelled')),
      reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 500),
      tx_hash text CHECK (length(tx_hash) <= 100),
      decided_by bigint REFERENCES members(id),
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'paid') = (tx_hash IS NOT NULL)),
      CHECK (status <> 'rejected' OR length(reason) > 0)
    )`.execute(db);
  await sql`CREATE INDEX withdrawals_member ON withdrawals (member_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX withdrawals_status ON withdrawals (status, created_at)`.execute(db);

  await sql`
    CREATE TABLE deposits (
      id uuid PRIMARY KEY REFERENCES ledger_transfers(id),
      member_id bigint NOT NULL REFERENCES members(id),
      currency text NOT NULL REFERENCES currencies(code),
      network text NOT NULL,
      amount numeric(38, 0) NOT NULL CHECK (amount > 0),
      tx_hash text NOT NULL DEFAULT '' CHECK (length(tx_hash) <= 100),
      source text NOT NULL CHECK (source IN ('manual', 'chain')),
      credited_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX deposits_member ON deposits (member_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'deposits',
    'withdrawals',
    'withdrawal_addresses',
    'settings',
    'deposit_channels',
    'withdrawal_settings',
    'exchange_pairs',
    'wallet_transfer_rules',
    'currency_prices',
    'audit_log',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS append_only()`.execute(db);
}
