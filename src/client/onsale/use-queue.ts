// The queue page's calls (decision 0056): join once, then ask where the member stands (SWR): every 2 s near
// the front, less often further back (queuePollDelay), until their turn comes, the sale is sold out or the
// queue is over.
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { QueueStatus } from '@/modules/onsale/queue-status';
import { queuePollDelay } from '@/universal/queue-poll';
import { postJson } from '../api';

export type QueueAnswer = Partial<QueueStatus> & { phase: QueueStatus['phase']; failOpen?: boolean };

const FINAL = new Set<QueueStatus['phase']>(['passUsed', 'passExpired', 'soldOut', 'over']);

async function getJson([url, locale]: [string, string]): Promise<QueueAnswer> {
  const response = await fetch(url, { headers: { 'Accept-Language': locale } });
  const data = (await response.json().catch(() => ({}))) as QueueAnswer & { error?: string };
  if (!response.ok) throw new Error(data.error ?? `${url} answered ${response.status}`);
  return data;
}

export function useQueue(onsaleId: string) {
  const { locale = 'en' } = useRouter();
  const [joined, setJoined] = useState<QueueAnswer>();
  const [joinError, setJoinError] = useState<string>();
  useEffect(() => {
    let live = true;
    postJson<QueueAnswer & { error?: string }>(`/api/onsale/${onsaleId}`, {})
      .then(({ status, data }) => {
        if (!live) return;
        if (status === 200) setJoined(data);
        else setJoinError(data.error ?? String(status));
      })
      .catch(() => live && setJoinError('network'));
    return () => {
      live = false;
    };
  }, [onsaleId]);
  const swr = useSWR(joined ? [`/api/onsale/${onsaleId}`, locale] : null, getJson, {
    fallbackData: joined,
    // The shop's clock is the browser's here; the delay is only how soon to ask again.
    refreshInterval: (latest) => (latest && FINAL.has(latest.phase) ? 0 : queuePollDelay(latest)),
    revalidateOnFocus: true,
    dedupingInterval: 1_000,
  });
  return { status: swr.data ?? joined, error: joinError ?? (swr.error instanceof Error ? swr.error.message : undefined) };
}
