/**
 * better-auth's sessions, accounts and verifications (migration 0002-auth; its users are in `users.tables.ts`).
 * better-auth writes them; dates are ISO strings on SQLite and `Date` on PostgreSQL (timestamptz).
 */
export interface SessionsTable {
  id: string;
  expiresAt: string | Date;
  token: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: string | Date | null;
  refreshTokenExpiresAt: string | Date | null;
  scope: string | null;
  password: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AuthTables {
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
}
