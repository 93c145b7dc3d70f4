// The browser's JSON calls to our API, in the visitor's language (for translated error messages).
import Router from 'next/router';

export type JsonAnswer<T = unknown> = { status: number; data: T };

export async function postJson<T = unknown>(url: string, body: unknown): Promise<JsonAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': Router.locale ?? 'en' },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T;
  return { status: response.status, data };
}
