import type { Permission, PermissionRule } from '@amp/contracts/permissions';
import type { ComponentType } from 'react';

/**
 * Who may open a page (and see its menu entry): one permission, any one of a list (as `can()`
 * takes them) or, for the warehouse entry, all of a list. No rule: every signed-in user.
 */
export type AccessRule = PermissionRule | { allOf: readonly Permission[] };

/** Whether a rule allows the user; `can` is useAuth().can (one permission or any of a list). */
export function allows(rule: AccessRule | undefined, can: (rule: PermissionRule | undefined) => boolean): boolean {
  if (rule !== undefined && typeof rule === 'object' && 'allOf' in rule) return rule.allOf.every((permission) => can(permission));
  return can(rule);
}

/**
 * One page of the signed-in area: the router, the side menu and the breadcrumbs all read it, so
 * a path is written once, in its feature's table (`features/<domain>/<domain>-pages.ts`).
 */
export interface PageDefinition {
  /** Unique across the app, `<feature>.<page>`; breadcrumbs and the menu refer to pages by it. */
  id: string;
  /** A React Router path, e.g. `/asset/asset-list/:id`. */
  path: string;
  /** The page's module; each page is its own chunk. */
  load: () => Promise<{ default: ComponentType }>;
  rule?: AccessRule;
  /** Translation key of the page title (the sub-header's heading and the last breadcrumb). */
  title: string;
  /** The page one level up in the breadcrumbs, by id; a page without one sits at its menu entry. */
  parent?: string;
  /**
   * Those who do not meet `unless` are led to the page at `to` instead (a provider opening the
   * service requests' home lands on its Incoming list). Resolved where the path is matched, before
   * the shell names the page, so the title, breadcrumbs and menu name the page that is shown.
   */
  elsewhere?: { unless: AccessRule; to: string };
}

/** An old or short path that leads to a page. */
export interface RedirectDefinition {
  path: string;
  redirect: string;
}

export type PageTable<K extends string = string> = Record<K, PageDefinition | RedirectDefinition>;

export const isRedirect = (entry: PageDefinition | RedirectDefinition): entry is RedirectDefinition => 'redirect' in entry;
