// The program page's and the member desk's calls (decision 0044): save a version of the program, adjust
// a member's points.
import Router from 'next/router';
import type { DocumentIssue } from '@/modules/documents/document-issues';
import { postJson } from '../api';

export type SaveAnswer = { ok: true; version: number } | { ok: false; error: string; issues: DocumentIssue[] };

/** Saves a version of a versioned document (decisions 0044 and 0055) through its staff API. */
async function saveDocumentVersion(name: 'program' | 'catalog', baseVersion: number, document: Record<string, unknown>, reason: string): Promise<SaveAnswer> {
  const { status, data } = await postJson<{ version: number; error?: string; issues?: DocumentIssue[] }>(`/api/staff/${name}`, { baseVersion, document, reason });
  return status === 200 ? { ok: true, version: data.version } : { ok: false, error: data.error ?? String(status), issues: data.issues ?? [] };
}

export const saveProgramVersion = (baseVersion: number, document: Record<string, unknown>, reason: string): Promise<SaveAnswer> => saveDocumentVersion('program', baseVersion, document, reason);

export async function adjustMemberPoints(userId: string, points: number, reason: string): Promise<{ ok: true; balance: number } | { ok: false; error: string }> {
  const { status, data } = await postJson<{ balance: number; error?: string }>('/api/staff/members/points', { userId, points, reason });
  return status === 200 ? { ok: true, balance: data.balance } : { ok: false, error: data.error ?? String(status) };
}

/** Saves a version of the catalogue (decision 0055), as the program's. */
export const saveCatalogVersion = (baseVersion: number, document: Record<string, unknown>, reason: string): Promise<SaveAnswer> => saveDocumentVersion('catalog', baseVersion, document, reason);

/** Uploads a product photo (decision 0055, "Uploaded photos"): the file's bytes as they are; answers the address it is served at. */
export async function uploadProductPhoto(file: Blob): Promise<{ ok: true; url: string } | { ok: false; error: string }> {
  const response = await fetch('/api/staff/catalog/images', {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', 'Accept-Language': Router.locale ?? 'en' },
    body: file,
  });
  const data = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  return response.status === 201 && data.url ? { ok: true, url: data.url } : { ok: false, error: data.error ?? String(response.status) };
}
