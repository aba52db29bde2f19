import type { TFormulaInput } from '@shopdesk/contract';
import { date, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { contractPlans } from './contracts';
import { users } from './users';

/**
 * Rate formula versions of a contract plan (/report/formulas). Insert-only: a change is a new
 * version effective from the 1st of a coming month; a trigger (migration formulas) refuses UPDATE and DELETE
 * so that no past bill can be read again under another formula.
 */
export const formulaVersions = pgTable(
  'formula_versions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => contractPlans.id),
    version: integer('version').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    formula: jsonb('formula').$type<TFormulaInput>().notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('formula_versions_plan_version').on(t.planId, t.version),
    uniqueIndex('formula_versions_plan_effective').on(t.planId, t.effectiveFrom),
  ],
);
