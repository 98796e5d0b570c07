/**
 * The onboarding wizard counts an organisation's provisioning changes of the last 30 days at every
 * load: events_provisioning_idx serves that without walking its simulation events.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { provisioningEventTypes } from '@vigil/contracts';
import { buildOrganization } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const rowsOf = <Row>(result: unknown): Row[] => (result && typeof result === 'object' && 'rows' in result ? (result as { rows: Row[] }).rows : (result as Row[]));

describe('the provisioning changes of an organisation by time', () => {
  it('are read through their own partial index', async () => {
    const org = await buildOrganization(t.db);
    const plan = await t.db.transaction(async (tx) => {
      // Whichever index the planner likes best for a table this small, never a scan of the whole log.
      await tx.execute(sql`set local enable_seqscan = off`);
      const types = sql.raw(provisioningEventTypes.map((type) => `'${type}'`).join(', '));
      return rowsOf<Record<string, string>>(
        await tx.execute(
          sql`explain select type, count(*) from events where organization_id = ${org.id} and occurred_at > now() - interval '30 days' and type in (${types}) and data->>'source' = 'scim' group by type`,
        ),
      )
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toContain('events_provisioning_idx');
  });
});
