import { type Kysely, sql } from 'kysely';

/**
 * The double-entry ledger and the idempotency keys of money requests.
 *
 * Amounts are NUMERIC(38,0) minor units: bigint would cap an 18-decimal coin at 9.2 units, and NUMERIC
 * overflows with an error instead of wrapping. The database itself refuses what must never happen (a member
 * account below zero, a changed or deleted transfer, a pending transfer resolved twice), so a bug in code
 * or a hand-written UPDATE cannot create or destroy money silently.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE currencies (
      code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,12}$'),
      decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 18),
      kind text NOT NULL CHECK (kind IN ('stable', 'coin', 'promo')),
      active boolean NOT NULL DEFAULT true
    )`.execute(db);
  // Every stored amount is read with its currency's decimals: changing them would rescale every balance.
  await sql`
    CREATE FUNCTION currencies_decimals_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.code <> OLD.code OR NEW.decimals <> OLD.decimals THEN
        RAISE EXCEPTION 'the code and decimals of currency % cannot change', OLD.code
          USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER currencies_decimals_fixed BEFORE UPDATE ON currencies
    FOR EACH ROW EXECUTE FUNCTION currencies_decimals_fixed()`.execute(db);
  await sql`
    INSERT INTO currencies (code, decimals, kind) VALUES
      ('USDT', 6, 'stable'), ('USDC', 6, 'stable'),
      ('MCOIN', 8, 'coin'), ('SCOIN', 8, 'coin'),
      ('AIRDROP', 6, 'promo')`.execute(db);

  await sql`
    CREATE TABLE ledger_accounts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint REFERENCES members(id),
      wallet text CHECK (wallet IN ('deposit', 'trading', 'reward', 'funds')),
      system_code text CHECK (system_code ~ '^[a-z][a-z0-9_]{1,39}$'),
      currency text NOT NULL REFERENCES currencies(code),
      debits_posted numeric(38, 0) NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
      credits_posted numeric(38, 0) NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
      debits_pending numeric(38, 0) NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
      credits_pending numeric(38, 0) NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      -- a member's wallet, or a system account: exactly one of the two
      CONSTRAINT ledger_accounts_owner CHECK (
        (member_id IS NOT NULL AND wallet IS NOT NULL AND system_code IS NULL)
        OR (member_id IS NULL AND wallet IS NULL AND system_code IS NOT NULL)
      ),
      -- A member never goes below zero and never spends what is held. System accounts are the other side
      -- of members' money and may go negative.
      CONSTRAINT ledger_accounts_member_not_negative CHECK (
        member_id IS NULL OR credits_posted - debits_posted - debits_pending >= 0
      ),
      CONSTRAINT ledger_accounts_member_wallet UNIQUE (member_id, wallet, currency),
      CONSTRAINT ledger_accounts_system UNIQUE (system_code, currency),
      -- target of the transfers' (account, currency) keys: an account only moves its own currency
      CONSTRAINT ledger_accounts_id_currency UNIQUE (id, currency)
    )`.execute(db);

  await sql`
    CREATE TABLE ledger_transfers (
      id uuid PRIMARY KEY,
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      debit_account_id bigint NOT NULL,
      credit_account_id bigint NOT NULL,
      amount numeric(38, 0) NOT NULL CHECK (amount > 0),
      currency text NOT NULL REFERENCES currencies(code),
      kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{1,39}$'),
      status text NOT NULL CHECK (status IN ('posted', 'pending', 'post_pending', 'void_pending')),
      pending_id uuid REFERENCES ledger_transfers(id),
      linked_id uuid,
      reverses_id uuid REFERENCES ledger_transfers(id),
      memo text NOT NULL DEFAULT '' CHECK (length(memo) <= 500),
      meta jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(meta) = 'object'),
      created_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      debit_balance_after numeric(38, 0) NOT NULL,
      credit_balance_after numeric(38, 0) NOT NULL,
      CONSTRAINT ledger_transfers_debit FOREIGN KEY (debit_account_id, currency)
        REFERENCES ledger_accounts(id, currency),
      CONSTRAINT ledger_transfers_credit FOREIGN KEY (credit_account_id, currency)
        REFERENCES ledger_accounts(id, currency),
      CONSTRAINT ledger_transfers_two_accounts CHECK (debit_account_id <> credit_account_id),
      CONSTRAINT ledger_transfers_resolution CHECK (
        (pending_id IS NOT NULL) = (status IN ('post_pending', 'void_pending'))
      ),
      CONSTRAINT ledger_transfers_reversal CHECK ((reverses_id IS NOT NULL) = (kind = 'reversal'))
    )`.execute(db);
  // A hold is posted or voided once, and a transfer is reversed once, whatever the code does.
  await sql`
    CREATE UNIQUE INDEX ledger_transfers_resolved_once ON ledger_transfers (pending_id)
    WHERE pending_id IS NOT NULL`.execute(db);
  await sql`
    CREATE UNIQUE INDEX ledger_transfers_reversed_once ON ledger_transfers (reverses_id)
    WHERE reverses_id IS NOT NULL`.execute(db);
  // A member's records, newest first, per account.
  await sql`CREATE INDEX ledger_transfers_debit_seq ON ledger_transfers (debit_account_id, seq DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX ledger_transfers_credit_seq ON ledger_transfers (credit_account_id, seq DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX ledger_transfers_linked ON ledger_transfers (linked_id) WHERE linked_id IS NOT NULL`.execute(
    db,
  );

  // Transfers are history: a correction is a new transfer the other way, never an edit.
  await sql`
    CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger_transfers is append-only: % refused', TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_transfers_no_update_delete BEFORE UPDATE OR DELETE ON ledger_transfers
    FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable()`.execute(db);
  await sql`
    CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_immutable()`.execute(db);

  await sql`
    CREATE TABLE idempotency_keys (
      member_id bigint NOT NULL REFERENCES members(id),
      key text NOT NULL CHECK (key ~ '^[A-Za-z0-9_-]{1,100}$'),
      request_hash bytea NOT NULL CHECK (octet_length(request_hash) = 32),
      status text NOT NULL CHECK (status IN ('running', 'done')),
      -- the attempt that holds a running key; only it may finish or release the key
      owner uuid,
      response_status integer,
      response_type text,
      -- the response exactly as sent (text, not jsonb: jsonb would reorder keys, and a replay must be
      -- the same bytes)
      response_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      claimed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, key),
      CHECK ((status = 'done') = (response_status IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'ledger_transfers', 'ledger_accounts', 'currencies']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS ledger_transfers_immutable()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS currencies_decimals_fixed()`.execute(db);
}
