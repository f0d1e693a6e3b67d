/** An outbox event awaiting fan-out. */
export interface PendingEvent {
  id: string;
  organization_id: string;
  type: string;
  target_webhook_id: string | null;
  target_delivery_id: string | null;
}

export interface ActiveWebhook {
  id: string;
  organization_id: string;
  events: string[];
}

export interface PlannedDelivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
}

/**
 * Which webhook gets which event: a targeted event (`ping`) goes to its webhook only, with the
 * delivery id promised to the caller; any other event to every active webhook of the
 * organization subscribed to its type or to `*`.
 */
export const planDeliveries = (
  events: readonly PendingEvent[],
  webhooks: readonly ActiveWebhook[],
  newId: () => string,
): PlannedDelivery[] => {
  const planned: PlannedDelivery[] = [];
  for (const event of events) {
    if (event.target_webhook_id !== null) {
      const target = webhooks.find((w) => w.id === event.target_webhook_id);
      if (target) {
        planned.push({
          id: event.target_delivery_id ?? newId(),
          webhook_id: target.id,
          event_id: event.id,
          event_type: event.type,
        });
      }
      continue;
    }
    for (const webhook of webhooks) {
      if (webhook.organization_id !== event.organization_id) continue;
      if (!webhook.events.includes(event.type) && !webhook.events.includes('*')) continue;
      planned.push({
        id: newId(),
        webhook_id: webhook.id,
        event_id: event.id,
        event_type: event.type,
      });
    }
  }
  return planned;
};
