// The queue page's calls (decision 0056): join once, then ask where the member stands (SWR): every 2 s near
// the front, less often further back (queuePollDelay), until their turn comes, the sale is sold out or the
// queue is over. While the queue answers "busy" (its store is slow, decision 0056 "Slow is not down") the
// member stays in line and asks again, less often each time; a join that got "busy" is tried again.
// While waiting, the answers are pushed instead (decision 0073): one event stream in place of the asks, the
// sold-out news and the turn the moment the server sees them; `ask` from the stream, or a stream the server
// refuses, and the page asks as above. The join itself asks for the stream (decision 0075): while the member
// waits, its answer is the stream, the join's answer its first event, so a buyer costs the arrival minute one
// request; only a cut stream is opened again on its own (GET …/events, EventSource).
import { useRouter } from 'next/router';
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import type { QueueStatus } from '@/modules/onsale/queue-status';
import { queuePollDelay } from '@/universal/queue-poll';
import { postJson } from '../api';
import { readEventStream } from './read-event-stream';

export type QueueAnswer = Partial<QueueStatus> & { phase: QueueStatus['phase']; failOpen?: boolean; busy?: boolean; pollAfterMs?: number };

/** What a stream writes: an answer, or `ask` (ask now; the stream then ends). */
type PushedMessage = QueueAnswer | { ask: true };

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
  // The join's own stream is over (ended, cut, or the join answered without one): a wait goes on by EventSource.
  const [joinStreamOver, setJoinStreamOver] = useState(false);
  // The join was answered as a stream: its first event is fresh and the stream brings the rest, so no ask on mount.
  const [joinedByStream, setJoinedByStream] = useState(false);
  // What the page does with a pushed answer (set below, once SWR is there); until then they wait in line.
  const early = useRef<PushedMessage[]>([]);
  const onPushed = useRef<(message: PushedMessage) => 'stop' | void>((message) => void early.current.push(message));
  useEffect(() => {
    const leaving = new AbortController();
    const joinedWith = (data: QueueAnswer) => {
      joinPending.current = data.phase === 'busy';
      busyStreak.current = data.phase === 'busy' ? 1 : 0;
      setJoined(data);
    };
    void (async () => {
      const response = await fetch(`/api/onsale/${onsaleId}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'Accept-Language': locale },
        body: '{}',
        signal: leaving.signal,
      });
      if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        const data = (await response.json().catch(() => ({}))) as QueueAnswer & { error?: string };
        if (response.status === 200) joinedWith(data);
        else setJoinError(data.error ?? String(response.status));
        setJoinStreamOver(true);
        return;
      }
      let first = true;
      // The server ends the stream after its last word (an answer that ends the wait, or `ask`); else it was cut.
      let saidAll = false;
      streamOpen.current = true;
      await readEventStream(response.body, (data) => {
        const message = JSON.parse(data) as PushedMessage;
        saidAll = 'ask' in message || FINAL.has(message.phase);
        if (!first) return onPushed.current(message);
        first = false;
        if ('ask' in message) return;
        setJoinedByStream(true);
        joinedWith(message);
      });
      streamOpen.current = false;
      if (leaving.signal.aborted || saidAll) return;
      // Cut before it said anything: join again, as any join that was not answered.
      if (first) joinedWith({ phase: 'busy', busy: true });
      setJoinStreamOver(true);
    })().catch(() => !leaving.signal.aborted && setJoinError('network'));
    return () => leaving.abort();
    // The language of the first join only: a join is once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
      revalidateOnMount: !joinedByStream,
      revalidateOnFocus: true,
      dedupingInterval: 1_000,
    },
  );
  const { mutate } = swr;
  const latest = swr.data ?? joined;
  /** A pushed answer, from either stream: 'stop' once the stream has nothing more to say. */
  const pushed = useCallback(
    (message: PushedMessage): 'stop' | void => {
      if ('ask' in message) {
        streamOpen.current = false;
        void mutate();
        return 'stop';
      }
      void mutate(message, { revalidate: false });
      if (FINAL.has(message.phase)) return 'stop';
    },
    [mutate],
  );
  useEffect(() => {
    onPushed.current = pushed;
    for (const message of early.current.splice(0)) pushed(message);
  }, [pushed]);
  const canStream = joinStreamOver && !streamRefused && typeof EventSource !== 'undefined' && (latest?.phase === 'prequeue' || latest?.phase === 'waiting');
  useEffect(() => {
    if (!canStream) return;
    const source = new EventSource(`/api/onsale/${onsaleId}/events`);
    streamOpen.current = true;
    const stop = () => {
      source.close();
      streamOpen.current = false;
    };
    source.onmessage = (event: MessageEvent<string>) => {
      if (pushed(JSON.parse(event.data) as PushedMessage) === 'stop') stop();
    };
    source.onerror = () => {
      // Cut: the browser connects again by itself. Closed: the server refused it.
      if (source.readyState !== EventSource.CLOSED) return;
      stop();
      setStreamRefused(true);
      void mutate();
    };
    return stop;
  }, [canStream, onsaleId, mutate, pushed]);
  return { status: latest, error: joinError ?? (swr.error instanceof Error ? swr.error.message : undefined) };
}
