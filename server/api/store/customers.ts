import type { Kysely, Selectable } from 'kysely';
import type { CustInfo } from '../../../lib/api/contract.ts';
import type { PasswordHash } from '../services/passwords.ts';
import type { CustomersTable, Database } from './schema.ts';

export interface StoredCustomer {
  custInfo: CustInfo;
  password: PasswordHash;
}

function storedCustomer(row: Selectable<CustomersTable>): StoredCustomer {
  return {
    custInfo: { customerId: row.customer_id, fullName: row.full_name, email: row.email, phoneNumber: row.phone_number },
    // PostgreSQL answers a Buffer, SQLite a plain Uint8Array: the same bytes either way.
    password: { salt: new Uint8Array(row.password_salt), hash: new Uint8Array(row.password_hash) },
  };
}

/** Customers belong to one retailer: the same email at two retailers is two accounts. */
export function createCustomerStore(db: Kysely<Database>) {
  return {
    async findByEmail(retailerId: number, email: string): Promise<StoredCustomer | undefined> {
      const row = await db
        .selectFrom('customers')
        .selectAll()
        .where('retailer_id', '=', retailerId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row && storedCustomer(row);
    },
    async insert(
      retailerId: number,
      details: Omit<CustInfo, 'customerId'>,
      password: PasswordHash,
      now: Date,
    ): Promise<CustInfo> {
      const inserted = await db
        .insertInto('customers')
        .values({
          retailer_id: retailerId,
          email: details.email,
          full_name: details.fullName,
          phone_number: details.phoneNumber,
          password_salt: password.salt,
          password_hash: password.hash,
          created_at: now.toISOString(),
        })
        .returning('customer_id')
        .executeTakeFirstOrThrow();
      return { customerId: inserted.customer_id, ...details };
    },
    async setPassword(customerId: number, password: PasswordHash): Promise<void> {
      await db
        .updateTable('customers')
        .set({ password_salt: password.salt, password_hash: password.hash })
        .where('customer_id', '=', customerId)
        .execute();
    },
  };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
