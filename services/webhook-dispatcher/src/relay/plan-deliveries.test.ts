import { describe, expect, it } from 'vitest';
import { planDeliveries } from './plan-deliveries.js';

let n = 0;
const id = () => `id-${++n}`;
const hooks = [
  { id: 'all', organization_id: 'o1', events: ['*'] },
  { id: 'fix', organization_id: 'o1', events: ['fix.generated'] },
  { id: 'other-org', organization_id: 'o2', events: ['*'] },
];

describe('planDeliveries', () => {
  it('when an event is fanned out, then subscribers of its type or * in its organization get it', () => {
    const plan = planDeliveries(
      [
        {
          id: 'e1',
          organization_id: 'o1',
          type: 'fix.generated',
          target_webhook_id: null,
          target_delivery_id: null,
        },
      ],
      hooks,
      id,
    );
    expect(plan.map((p) => p.webhook_id)).toEqual(['all', 'fix']);
  });

  it('when a ping targets a webhook, then only it gets the ping, with the promised id; a vanished target gets nothing', () => {
    const plan = planDeliveries(
      [
        {
          id: 'p1',
          organization_id: 'o1',
          type: 'ping',
          target_webhook_id: 'fix',
          target_delivery_id: 'd-1',
        },
        {
          id: 'p2',
          organization_id: 'o1',
          type: 'ping',
          target_webhook_id: 'gone',
          target_delivery_id: 'd-2',
        },
      ],
      hooks,
      id,
    );
    expect(plan).toEqual([{ id: 'd-1', webhook_id: 'fix', event_id: 'p1', event_type: 'ping' }]);
  });
});
