import type { Db } from '../db/client.ts';
import { analyticsEvents } from '../db/schema.ts';
import type { TrackEventRequest } from '../../src/domain/endpoints/analytics.ts';

/** Where events are also sent, when a third-party sink is configured (ANALYTICS_FORWARD_URL). */
export interface AnalyticsSink {
  url: string;
  onError(error: unknown): void;
}

/** Stores one analytics event (a page view or a spec §9 event), and forwards it to the sink if any. */
export async function recordEvent(db: Db, event: TrackEventRequest, sink?: AnalyticsSink): Promise<void> {
  await db.insert(analyticsEvents).values({
    name: event.name,
    path: event.path,
    locale: event.locale ?? null,
    source: event.source ?? null,
    props: event.props ?? null,
  });
  if (sink) {
    // Fire and forget: a slow or failing sink never delays or fails the site's request.
    void fetch(sink.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...event, receivedAt: new Date().toISOString() }),
      signal: AbortSignal.timeout(3000),
    })
      .then((res) => {
        if (!res.ok) sink.onError(new Error(`analytics sink answered ${res.status}`));
      })
      .catch(sink.onError);
  }
}
