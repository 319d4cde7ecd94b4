import { holds } from '@amp/contracts/permissions';
import { PO_BUYER_KINDS } from '@amp/contracts/purchase-order';
import { type SQL, sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import { anyOf, OWNER_READS, type Viewer } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    pricebook: true;
  }
}

/** Whether the viewer raises purchase orders: a buyer's (owner, MRO, IMO) staff holding managePO (a supplier holds it for the menu only). */
function buysSupplies(viewer: Viewer): boolean {
  return (PO_BUYER_KINDS as readonly string[]).includes(viewer.organisationKind) && holds(viewer.permissions, 'managePO');
}

/**
 * On the outer "pricebook_items" row: an organisation's own pricebook, for its staff who manage it
 * or price observations from it (technicians); the pricebook of a provider an owner works with (it holds the owner's assets or clusters, or
 * an SLA binds them, or it sent the provider a service request), for the owner's staff who see its
 * assets; and the pricebook of any active supplier, for a buyer's staff who raise purchase orders
 * (a supplier's pricebook is its catalogue). Nobody else reads a pricebook.
 */
function visiblePricebooks(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (holds(viewer.permissions, ['managePricebook', 'manageObservation']))
    reaches.push(sql`"pricebook_items"."organisation_id" = ${viewer.organisationId}`);
  if (holds(viewer.permissions, OWNER_READS)) {
    reaches.push(sql`(exists (select 1 from asset_assignments aa
                               where aa.owner_id = ${viewer.organisationId} and aa.provider_id = "pricebook_items"."organisation_id"
                                 and aa.revoked_at is null)
                      or exists (select 1 from slas
                                  where slas.organisation_id = ${viewer.organisationId} and slas.provider_id = "pricebook_items"."organisation_id")
                      or exists (select 1 from service_requests sr
                                  where sr.organisation_id = ${viewer.organisationId} and sr.provider_id = "pricebook_items"."organisation_id")
                      or exists (select 1 from work_orders wo
                                  where wo.organisation_id = ${viewer.organisationId} and wo.provider_id = "pricebook_items"."organisation_id"))`);
  }
  if (buysSupplies(viewer)) {
    reaches.push(sql`exists (select 1 from organisations supplier where supplier.id = "pricebook_items"."organisation_id"
                               and supplier.kind = 'supplier' and supplier.status = 'active')`);
  }
  return anyOf(reaches);
}

export const pricebookReach = defineReach({ subject: 'pricebook', table: 'pricebook_items', condition: visiblePricebooks });
