import { defineTenancyFixture } from '../../security/tenancy-fixture.js';
import { createFault } from '../../test/factories.js';

/**
 * Faults for the route-wide tenancy test: one the owner reported on the cluster's asset (with the
 * owner), and one the technician reported on the asset it works on (with the provider, awaiting approval).
 */
export const tenancyFixture = defineTenancyFixture({
  kinds: ['fault'],
  async seed(t, { owner, technician, made }) {
    const [clusterAsset, looseAsset] = made.asset!;
    const ownerFault = await createFault(t, owner, { asset: clusterAsset! });
    const technicianFault = await createFault(t, technician, { asset: looseAsset!, faultType: 'Replacement' });
    return { records: { fault: [ownerFault, technicianFault] } };
  },
});
