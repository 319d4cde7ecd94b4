import { type SQL, sql } from 'drizzle-orm';
import { anyOf, type Viewer } from './viewer.js';

/**
 * Every subject `visible` answers for, each named by its own module where it writes its reach
 * (`<module>.reach.ts`), by adding itself to this interface:
 *
 *   declare module '../../access/registry.js' { interface Subjects { work_order: true } }
 *
 * so a new subject edits no list here; reaches.ts registers its reach, and tsc refuses a subject
 * named but not registered there.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each subject's module (declaration merging)
export interface Subjects {}

export type Subject = keyof Subjects & string;

/**
 * Rows of another table that name the records of this subject by a kind and an id (a file by its
 * subject_type and subject_id): they are seen by whoever sees the record they are attached to.
 */
export interface Attachable {
  typeColumn: string;
  idColumn: string;
  /** Every kind a row may be attached as; each must be lent a reach by at least one subject. */
  kinds: readonly string[];
}

/**
 * Records of `kind` on the host subject's rows (files) that this subject lends its reach to. The
 * attached id is, by default, this subject's own id; `parentColumn`: a column of this subject's
 * table names it instead (a work order's fault_id: the files of the fault it was raised from);
 * `table` and `column`: it is the id of a row of `table` whose `column` names this subject's row
 * (an observation of a service request).
 */
export interface AttachedKind {
  host: Subject;
  kind: string;
  through?: { parentColumn: string } | { table: string; column: string };
}

/** A subject whose rows belong to a parent record (`column` names the parent's id) and are seen by whoever sees that parent. */
export interface Inherited {
  parent: Subject;
  column: string;
}

/** How far a subject reaches: registered once, from its own module (`<module>.reach.ts`). */
export interface Reach {
  subject: Subject;
  /** The outer table the condition is written on. */
  table: string;
  /** Its own reach; what it inherits and what is attached to it the registry adds. */
  condition: (viewer: Viewer) => SQL;
  inherits?: readonly Inherited[];
  /** Kinds of attached records (on a host that is `attachable`) seen with this subject's rows. */
  attached?: readonly AttachedKind[];
  attachable?: Attachable;
}

/** Gives a reach its type where it is written, so a mistake shows in its own module. */
export const defineReach = <S extends Subject>(reach: Reach & { subject: S }): Reach & { subject: S } => reach;

export class AccessRegistryError extends Error {}

export interface AccessRegistry {
  /** The condition for a subject, on its outer table: its own reach, what it inherits and what is attached to it. */
  condition(viewer: Viewer, subject: Subject): SQL;
  table(subject: Subject): string;
  /** The registered kinds attached to a host subject, with the subject each inherits from. */
  attachmentsOf(host: Subject): readonly { kind: string; parent: Subject }[];
}

interface Attachment extends AttachedKind {
  parent: Subject;
}

/**
 * The registry of reaches. Refuses (throws, so the server does not start) a subject registered
 * twice, a subject of `subjects` (by default, every one registered) registered by nobody, a parent or host that is not registered, an
 * attached kind its host does not declare and a declared kind nobody lends a reach to (its records
 * would be seen by no one).
 */
export function createAccessRegistry(
  reaches: readonly Reach[],
  subjects: readonly Subject[] = reaches.map((reach) => reach.subject),
): AccessRegistry {
  const bySubject = new Map<Subject, Reach>();
  for (const reach of reaches) {
    if (bySubject.has(reach.subject)) throw new AccessRegistryError(`The reach of "${reach.subject}" is registered twice`);
    bySubject.set(reach.subject, reach);
  }
  for (const subject of subjects) {
    if (!bySubject.has(subject)) throw new AccessRegistryError(`No reach is registered for "${subject}"`);
  }
  const registered = (subject: Subject, by: string): Reach => {
    const reach = bySubject.get(subject);
    if (!reach) throw new AccessRegistryError(`${by} names "${subject}", which has no registered reach`);
    return reach;
  };

  const attachments = new Map<Subject, Attachment[]>();
  for (const reach of reaches) {
    for (const { parent } of reach.inherits ?? []) registered(parent, `The reach of "${reach.subject}"`);
    for (const attached of reach.attached ?? []) {
      const host = registered(attached.host, `The reach of "${reach.subject}"`);
      if (!host.attachable?.kinds.includes(attached.kind)) {
        throw new AccessRegistryError(
          `"${reach.subject}" lends its reach to "${attached.kind}", which "${attached.host}" does not declare`,
        );
      }
      attachments.set(attached.host, [...(attachments.get(attached.host) ?? []), { ...attached, parent: reach.subject }]);
    }
  }
  for (const reach of reaches) {
    for (const kind of reach.attachable?.kinds ?? []) {
      if (!/^[a-z_]+$/.test(kind)) throw new AccessRegistryError(`"${kind}" is not a kind of attached record`);
      if (!attachments.get(reach.subject)?.some((attachment) => attachment.kind === kind)) {
        throw new AccessRegistryError(`"${kind}" records of "${reach.subject}" inherit no registered reach`);
      }
    }
  }

  const inheritsFrom = (subject: Subject, seen: readonly Subject[]): void => {
    if (seen.includes(subject)) throw new AccessRegistryError(`The reaches of ${[...seen, subject].join(' -> ')} inherit in a circle`);
    const reach = bySubject.get(subject)!;
    for (const { parent } of reach.inherits ?? []) inheritsFrom(parent, [...seen, subject]);
    for (const { host } of reach.attached ?? []) if (host === subject) throw new AccessRegistryError(`"${subject}" is attached to itself`);
  };
  for (const reach of reaches) inheritsFrom(reach.subject, []);

  const condition = (viewer: Viewer, subject: Subject): SQL => {
    const reach = bySubject.get(subject)!;
    const inherited = (reach.inherits ?? []).map(({ parent, column }) => {
      const table = bySubject.get(parent)!.table;
      return sql`${sql.identifier(reach.table)}.${sql.identifier(column)} in (select ${sql.identifier(table)}."id" from ${sql.identifier(table)} where ${condition(viewer, parent)})`;
    });
    const attached = (attachments.get(subject) ?? []).map((attachment) => attachedRows(viewer, reach, attachment));
    if (inherited.length === 0 && attached.length === 0) return reach.condition(viewer);
    return anyOf([reach.condition(viewer), ...inherited, ...attached]);
  };

  /** The host's rows of the attachment's kind whose parent row the viewer sees. */
  const attachedRows = (viewer: Viewer, host: Reach, { kind, parent, through }: Attachment): SQL => {
    const { typeColumn, idColumn } = host.attachable!;
    const attachedId = sql`${sql.identifier(host.table)}.${sql.identifier(idColumn)}`;
    const table = sql.identifier(bySubject.get(parent)!.table);
    const seen = condition(viewer, parent);
    const parentRow =
      through === undefined
        ? sql`exists (select 1 from ${table} where ${table}."id" = ${attachedId} and ${seen})`
        : 'parentColumn' in through
          ? sql`exists (select 1 from ${table} where ${table}.${sql.identifier(through.parentColumn)} = ${attachedId} and ${seen})`
          : sql`exists (select 1 from ${sql.identifier(through.table)} attached join ${table} on ${table}."id" = attached.${sql.identifier(through.column)} where attached."id" = ${attachedId} and ${seen})`;
    // The kind is a registered constant, never input: written into the SQL, as the index on (subject_type, subject_id) expects.
    return sql`(${sql.identifier(host.table)}.${sql.identifier(typeColumn)} = ${sql.raw(`'${kind}'`)} and ${parentRow})`;
  };

  return {
    condition,
    table: (subject) => bySubject.get(subject)!.table,
    attachmentsOf: (host) => (attachments.get(host) ?? []).map(({ kind, parent }) => ({ kind, parent })),
  };
}
