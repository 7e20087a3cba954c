/** What the bookings need from the host, bound once by `createBooking` (booking.server.ts). */
import type { BusyTime } from "#app/schemas/booking.ts";
import type { PushAlerts } from "#app/server/push/alerts.server.ts";
import type { VisitDeps } from "#app/server/visits/deps.server.ts";

/** The contractor's own calendar, as the busy feed last read it (busy-feed.server.ts). */
export interface BusySource {
  /** Configured and read lately: when configured and not fresh, no window is offered. */
  state(): Promise<{ configured: boolean; fresh: boolean }>;
  busyTimes(range: { from: Date; to: Date }): Promise<BusyTime[]>;
}

export interface BookingDeps extends VisitDeps {
  /** Web Push alerts to the contractor's phones. */
  push: Pick<PushAlerts, "kick">;
  busyFeed: BusySource;
}
