import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const states = pgTable('states', {
  alias: text('alias').primaryKey(),
  name: text('name').notNull(),
});

export const lgas = pgTable(
  'lgas',
  {
    stateAlias: text('state_alias')
      .notNull()
      .references(() => states.alias, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stateAlias, t.name] })],
);
