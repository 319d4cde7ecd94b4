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
 * Rows of this subject's table that name another record by a kind and an id (a file by its
 * subject_type and subject_id): they are seen by whoever sees the record they are attached to.
 * The kinds are those other subjects lend their reach to (their `attached`), so a new kind of
 * attached record is written only in the reach of the subject it belongs to.
 */
export interface Attachable {
  typeColumn: string;
  idColumn: string;
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
  /**
   * Its own reach; what it inherits and what is attached to it the registry adds. None: its rows
   * are seen only through what they belong to (a timeline entry, a cost line, an approval step).
   */
  condition?: (viewer: Viewer) => SQL;
  inherits?: readonly Inherited[];
  /** Kinds of attached records (on a host that is `attachable`) seen with this subject's rows. */
  attached?: readonly AttachedKind[];
  attachable?: Attachable;
}

/**
 * Gives a reach its type where it is written, so a mistake shows in its own module; its literals
 * are kept, so the kinds it lends are known to the compiler (KindsAttachedTo).
 */
export const defineReach = <const R extends Reach>(reach: R): R => reach;

/** The kinds of records attached to `Host` that the registered reaches lend their reach to (a file's subject_type). */
export type KindsAttachedTo<Reaches extends readonly Reach[], Host extends Subject> = KindOf<
  Extract<AttachedBy<Reaches[number]>, { host: Host }>
>;
type AttachedBy<R> = R extends { attached: readonly (infer A)[] } ? A : never;
type KindOf<A> = A extends { kind: infer K extends string } ? K : never;

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
 * twice, a subject of `subjects` (by default, every one registered) registered by nobody, a parent
 * or host that is not registered, a host whose rows are not attachable, a kind that is not a plain
 * name and a kind lent twice by one subject.
 */
export function createAccessRegistry(
  reaches: readonly Reach[],
  subjects: readonly Subject[] = reaches.map((reach) => reach.subject),
): AccessRegistry {
  const bySubject = new Map<Subject, Reach>();
  for (const reach of reaches) {
    if (bySubject.has(reach.subject)) throw new AccessRegistryError(`The reach of "${reach.subject}" is registered twice`);
    if (!reach.condition && !reach.inherits?.length && !reach.attachable) {
      throw new AccessRegistryError(
        `The reach of "${reach.subject}" has no condition of its own and nothing to inherit: it reaches nothing`,
      );
    }
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
      if (!host.attachable) {
        throw new AccessRegistryError(
          `"${reach.subject}" lends its reach to "${attached.kind}" records of "${attached.host}", whose rows are not attachable`,
        );
      }
      // Written into the SQL as a constant (attachedRows): a plain name only.
      if (!/^[a-z_]+$/.test(attached.kind)) throw new AccessRegistryError(`"${attached.kind}" is not a kind of attached record`);
      const lent = attachments.get(attached.host) ?? [];
      if (lent.some(({ kind, parent }) => kind === attached.kind && parent === reach.subject)) {
        throw new AccessRegistryError(`"${reach.subject}" lends its reach to "${attached.kind}" records twice`);
      }
      attachments.set(attached.host, [...lent, { ...attached, parent: reach.subject }]);
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
    const own = reach.condition ? [reach.condition(viewer)] : [];
    const inherited = (reach.inherits ?? []).map(({ parent, column }) => {
      const table = bySubject.get(parent)!.table;
      return sql`${sql.identifier(reach.table)}.${sql.identifier(column)} in (select ${sql.identifier(table)}."id" from ${sql.identifier(table)} where ${condition(viewer, parent)})`;
    });
    const attached = (attachments.get(subject) ?? []).map((attachment) => attachedRows(viewer, reach, attachment));
    if (inherited.length === 0 && attached.length === 0 && own.length === 1) return own[0]!;
    return anyOf([...own, ...inherited, ...attached]);
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
