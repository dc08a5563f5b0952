import { type Kysely, sql } from 'kysely';

/**
 * Customer service: a member's enquiries and the conversation in each.
 *
 * An enquiry's status says whose turn it is: `open` (staff should answer), `answered` (staff wrote last),
 * `closed` (no more messages; the member's history). `last_message_at` orders both the member's list and
 * the staff queue without reading the messages.
 *
 * A message is the member's (`from_staff` false, author = the enquiry's member) or a staff member's
 * (`from_staff` true, author = that admin). It has text, a picture (an upload claimed with purpose
 * `support`, private to the member and staff), or both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE support_enquiries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      category text NOT NULL CHECK (category ~ '^[a-z_]{2,30}$'),
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 120),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_message_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      closed_by bigint REFERENCES members(id),
      CHECK ((status = 'closed') = (closed_at IS NOT NULL))
    )`.execute(db);
  // The member's lists (active ones, or the closed history), newest activity first.
  await sql`CREATE INDEX support_enquiries_member ON support_enquiries (member_id, last_message_at DESC)`.execute(
    db,
  );
  // The staff queue by status, in order of the last activity.
  await sql`CREATE INDEX support_enquiries_queue ON support_enquiries (status, last_message_at)`.execute(db);

  await sql`
    CREATE TABLE support_messages (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      enquiry_id bigint NOT NULL REFERENCES support_enquiries(id),
      author_id bigint NOT NULL REFERENCES members(id),
      from_staff boolean NOT NULL,
      body text NOT NULL CHECK (length(body) <= 2000),
      picture_upload_id uuid REFERENCES uploads(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (body <> '' OR picture_upload_id IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX support_messages_thread ON support_messages (enquiry_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE support_messages`.execute(db);
  await sql`DROP TABLE support_enquiries`.execute(db);
}
