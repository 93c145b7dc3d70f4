// The queue page's calls (decision 0056): join once, then ask where the member stands (SWR): every 2 s near
// the front, less often further back (queuePollDelay), until their turn comes, the sale is sold out or the
// queue is over. While the queue answers "busy" (its store is slow, decision 0056 "Slow is not down") the
// member stays in line and asks again, less often each time; a join that got "busy" is tried again.
// While waiting, the answers are pushed instead (decision 0073): one event stream in place of the asks, the
// sold-out news and the turn the moment the server sees them; `ask` from the stream, or a stream the server
// refuses, and the page asks as above.
import { useRouter } from 'next/router';
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import type { QueueStatus } from '@/modules/onsale/queue-status';
import { queuePollDelay } from '@/universal/queue-poll';
import { postJson } from '../api';

export type QueueAnswer = Partial<QueueStatus> & { phase: QueueStatus['phase']; failOpen?: boolean; busy?: boolean; pollAfterMs?: number };

const FINAL = new Set<QueueStatus['phase']>(['passUsed', 'passExpired', 'soldOut', 'over']);

async function getJson(url: string, locale: string, join: boolean): Promise<QueueAnswer> {
  if (join) {
    const { status, data } = await postJson<QueueAnswer & { error?: string }>(url, {});
    if (status !== 200) throw new Error(data.error ?? `${url} answered ${status}`);
    return data;
  }
  const response = await fetch(url, { headers: { 'Accept-Language': locale } });
  const data = (await response.json().catch(() => ({}))) as QueueAnswer & { error?: string };
  if (!response.ok) throw new Error(data.error ?? `${url} answered ${response.status}`);
  return data;
}

export function useQueue(onsaleId: string) {
  const { locale = 'en' } = useRouter();
  const [joined, setJoined] = useState<QueueAnswer>();
  const [joinError, setJoinError] = useState<string>();
  // Until a join is answered other than "busy", each ask joins again (joining twice keeps the place).
  const joinPending = useRef(true);
  const busyStreak = useRef(0);
  const streamOpen = useRef(false);
  // A stream the server refused: asking it is, for this page (and in a browser without EventSource).
  const [streamRefused, setStreamRefused] = useState(false);
  useEffect(() => {
    let live = true;
    postJson<QueueAnswer & { error?: string }>(`/api/onsale/${onsaleId}`, {})
      .then(({ status, data }) => {
        if (!live) return;
        if (status === 200) {
          joinPending.current = data.phase === 'busy';
          busyStreak.current = data.phase === 'busy' ? 1 : 0;
          setJoined(data);
        } else setJoinError(data.error ?? String(status));
      })
      .catch(() => live && setJoinError('network'));
    return () => {
      live = false;
    };
  }, [onsaleId]);
  const swr = useSWR(
    joined ? [`/api/onsale/${onsaleId}`, locale] : null,
    async ([url, lng]: [string, string]) => {
      const answer = await getJson(url, lng, joinPending.current);
      if (answer.phase !== 'busy') joinPending.current = false;
      busyStreak.current = answer.phase === 'busy' ? busyStreak.current + 1 : 0;
      return answer;
    },
    {
      fallbackData: joined,
      // The shop's clock is the browser's here; the delay is only how soon to ask again.
      refreshInterval: (latest) => (streamOpen.current || (latest && FINAL.has(latest.phase)) ? 0 : queuePollDelay(latest, Date.now(), busyStreak.current)),
      revalidateOnFocus: true,
      dedupingInterval: 1_000,
    },
  );
  const { mutate } = swr;
  const latest = swr.data ?? joined;
  const canStream = !streamRefused && typeof EventSource !== 'undefined' && (latest?.phase === 'prequeue' || latest?.phase === 'waiting');
  useEffect(() => {
    if (!canStream) return;
    const source = new EventSource(`/api/onsale/${onsaleId}/events`);
    streamOpen.current = true;
    const stop = () => {
      source.close();
      streamOpen.current = false;
    };
    source.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as QueueAnswer | { ask: true };
      if ('ask' in message) {
        stop();
        void mutate();
        return;
      }
      if (FINAL.has(message.phase)) stop();
      void mutate(message, { revalidate: false });
    };
    source.onerror = () => {
      // Cut: the browser connects again by itself. Closed: the server refused it.
      if (source.readyState !== EventSource.CLOSED) return;
      stop();
      setStreamRefused(true);
      void mutate();
    };
    return stop;
  }, [canStream, onsaleId, mutate]);
  return { status: latest, error: joinError ?? (swr.error instanceof Error ? swr.error.message : undefined) };
}
