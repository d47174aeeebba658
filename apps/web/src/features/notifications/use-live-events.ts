/**
 * The live connection: a single-use ticket (POST /api/events/ticket) opens GET /api/events as an
 * EventSource; each event names what changed and the matching queries refetch. On (re)connection
 * everything refetches, since events may have been missed. A ticket works once, so after an error the
 * hook closes the source and reconnects with a fresh ticket, backing off up to 30 s.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventKind } from '@edu/shared/notifications';
import { eventsTicket, eventsUrl, keys } from './api';

export function useLiveEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const refetch = (kind: EventKind) => {
      if (kind === 'notifications') void queryClient.invalidateQueries({ queryKey: keys.bell });
      else if (kind === 'notices') void queryClient.invalidateQueries({ queryKey: keys.unreadNoticesAll });
      else void queryClient.invalidateQueries({ queryKey: keys.all });
    };

    const retry = () => {
      source?.close();
      source = null;
      if (stopped) return;
      const delay = Math.min(30_000, 1000 * 2 ** attempt++);
      timer = setTimeout(connect, delay);
    };

    async function connect() {
      if (stopped) return;
      try {
        const { ticket } = await eventsTicket();
        if (stopped) return;
        source = new EventSource(eventsUrl(ticket));
        source.onmessage = (message) => {
          try {
            const { kind } = JSON.parse(message.data as string) as { kind: EventKind };
            if (kind === 'ready') attempt = 0;
            refetch(kind);
          } catch {
            // Not an event of ours: ignored.
          }
        };
        source.onerror = retry;
      } catch {
        retry();
      }
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
