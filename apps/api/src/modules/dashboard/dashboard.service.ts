import type { SuperAdminDashboard } from '@amp/contracts/user';
import type { Db } from '../../db/client.js';
import { countFailedMail } from '../mail/mail.public.js';
import {
  countActiveOrganisationsByKind,
  countActiveTechnicians,
  countPendingRegistrations,
  countUsersPerMonth,
} from './dashboard.repository.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The last `count` calendar months (UTC) up to and including the one of `now`, oldest first. */
export function lastMonths(now: Date, count = 12): { key: string; label: string; start: Date }[] {
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    const month = start.getUTCMonth();
    return {
      key: `${start.getUTCFullYear()}-${String(month + 1).padStart(2, '0')}`,
      label: `${MONTHS[month]} ${start.getUTCFullYear()}`,
      start,
    };
  });
}

export async function superAdminDashboard(db: Db, now = new Date()): Promise<SuperAdminDashboard> {
  const months = lastMonths(now);
  const [byKind, technician, pending, perMonth, failedMail] = await Promise.all([
    countActiveOrganisationsByKind(db),
    countActiveTechnicians(db),
    countPendingRegistrations(db),
    countUsersPerMonth(db, months[0]!.start),
    countFailedMail(db),
  ]);
  const kind = (k: string) => byKind.find((row) => row.kind === k)?.total ?? 0;
  const created = new Map(perMonth.map((row) => [row.month, row.total]));
  return {
    ao: kind('asset_owner'),
    mro: kind('mro'),
    imo: kind('imo'),
    extTechnician: kind('external_technician'),
    technician,
    supplier: kind('supplier'),
    pending,
    failedMail,
    userData: months.map((m) => created.get(m.key) ?? 0),
    categories: months.map((m) => m.label),
  };
}
