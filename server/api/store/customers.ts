import type { DatabaseSync } from 'node:sqlite';
import type { CustInfo } from '../../../src/lib/api/contract.ts';
import type { PasswordHash } from '../passwords.ts';
import { blob, integer, text, type Row } from './rows.ts';

export interface StoredCustomer {
  custInfo: CustInfo;
  password: PasswordHash;
}

function storedCustomer(row: Row): StoredCustomer {
  return {
    custInfo: {
      customerId: integer(row, 'customer_id'),
      fullName: text(row, 'full_name'),
      email: text(row, 'email'),
      phoneNumber: text(row, 'phone_number'),
    },
    password: { salt: blob(row, 'password_salt'), hash: blob(row, 'password_hash') },
  };
}

/** Customers belong to one retailer: the same email at two retailers is two accounts. */
export function createCustomerStore(db: DatabaseSync) {
  const byEmail = db.prepare('SELECT * FROM customers WHERE retailer_id = ? AND email = ?');
  const insert = db.prepare(
    'INSERT INTO customers (retailer_id, email, full_name, phone_number, password_salt, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const setPassword = db.prepare('UPDATE customers SET password_salt = ?, password_hash = ? WHERE customer_id = ?');

  return {
    findByEmail(retailerId: number, email: string): StoredCustomer | undefined {
      const row = byEmail.get(retailerId, email);
      return row ? storedCustomer(row) : undefined;
    },
    insert(retailerId: number, details: Omit<CustInfo, 'customerId'>, password: PasswordHash, now: Date): CustInfo {
      const result = insert.run(retailerId, details.email, details.fullName, details.phoneNumber, password.salt, password.hash, now.toISOString());
      return { customerId: Number(result.lastInsertRowid), ...details };
    },
    setPassword(customerId: number, password: PasswordHash): void {
      setPassword.run(password.salt, password.hash, customerId);
    },
  };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
