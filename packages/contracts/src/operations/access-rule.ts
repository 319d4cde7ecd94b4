import type { OrganisationKind } from '../organisation.js';
import type { PermissionRule } from '../permissions.js';

/**
 * Who may call an operation (decision 0003, decision 0024):
 * - 'public': anyone;
 * - 'signedIn': any active user;
 * - { permission }: a user holding the permission, or any one of a list;
 * - { permission, kinds }: such a user of an organisation of one of these kinds (sending a service
 *   request is an owner's, whoever else holds viewSR).
 * The API's access plugin enforces it and the route-wide tests read it, so what a route lets
 * through is what its operation declares.
 */
export type AccessRule = 'public' | 'signedIn' | PermissionAccess;
export interface PermissionAccess {
  permission: PermissionRule;
  kinds?: readonly OrganisationKind[];
}
