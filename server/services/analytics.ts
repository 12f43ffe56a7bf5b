import type { Db } from '../db/client.ts';
import { analyticsEvents } from '../db/schema.ts';
import type { TrackEventRequest } from '../../src/domain/endpoints/analytics.ts';

/** Stores one analytics event (a page view or a spec §9 event). */
export async function recordEvent(db: Db, event: TrackEventRequest): Promise<void> {
  await db.insert(analyticsEvents).values({
    name: event.name,
    path: event.path,
    locale: event.locale ?? null,
    source: event.source ?? null,
    props: event.props ?? null,
  });
}
