import { users } from "@hyn/db";
import type { PublicUser, User } from "@hyn/validators";
import { localeOf } from "../shared/locale";

/** Columns selected for a user shown to its owner. Selected explicitly so no hash can leak. */
export const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  generalArea: users.generalArea,
  isAdmin: users.isAdmin,
  locale: users.locale,
  emailVerifiedAt: users.emailVerifiedAt,
  notificationsAskedAt: users.notificationsAskedAt,
  emailHidden: users.emailHidden,
  createdAt: users.createdAt,
} as const;

export interface UserRow {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  generalArea: string | null;
  isAdmin: boolean;
  locale: string;
  emailVerifiedAt: Date | null;
  notificationsAskedAt: Date | null;
  emailHidden: boolean;
  createdAt: Date;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    generalArea: row.generalArea,
    isAdmin: row.isAdmin,
    locale: localeOf(row.locale),
    emailVerified: row.emailVerifiedAt !== null,
    notificationsAsked: row.notificationsAskedAt !== null,
    emailHidden: row.emailHidden,
    createdAt: row.createdAt,
  };
}

/** Columns for a user as a neighbour in a shared group sees them (the e-mail is chosen by `visibleUsers`). */
export const publicUserColumns = {
  id: users.id,
  name: users.name,
  generalArea: users.generalArea,
} as const;

export type { PublicUser };
