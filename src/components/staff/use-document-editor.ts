// The state and the save of a versioned document's editor (decisions 0044 and 0055): the program's and the
// catalogue's pages edit their own sections field by field, and share everything else here — the draft,
// the other sections as JSON, the reason, the problems by field, the outcome, and the save of the whole
// document from the version the page was loaded with.
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import type { TFunction } from '@/client/i18n';
import type { SaveAnswer } from '@/client/staff/program-calls';
import type { DocumentIssue } from '@/modules/documents/document-issues';

/** The texts every document's editor has, under its translations' `prefix`. */
export type DocumentText = 'saved' | 'notSaved' | 'reason' | 'reasonHint' | 'save' | 'sectionsTitle' | 'sections' | 'sectionsHint';

export type DocumentEditorOptions<D> = {
  version: number;
  document: D;
  justSaved: boolean;
  onSaved: (version: number) => void;
  /** The sections the form edits field by field; every other section of the document is edited as JSON. */
  formSections: readonly string[];
  t: TFunction;
  /** Where the document's texts are in its namespace ('program.' for the program's). */
  prefix?: string;
  /** More JSON fields than the other sections, as [path, text]: a field that is not JSON is a problem at its path. */
  json?: [path: string, text: string][];
  /** The whole document to save, from the draft and the parsed JSON fields ('' for the other sections). */
  compose: (draft: D, parsed: Record<string, unknown>) => Record<string, unknown>;
  save: (baseVersion: number, document: Record<string, unknown>, reason: string) => Promise<SaveAnswer>;
};

/** A number field's value: a number when it reads as one, else the text, for the schema to name. */
export const numberOf = (text: string): unknown => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

export type DocumentEditor<D extends Record<string, unknown>> = ReturnType<typeof useDocumentEditor<D>>;

export function useDocumentEditor<D extends Record<string, unknown>>(options: DocumentEditorOptions<D>) {
  const { version, document, justSaved, onSaved, formSections, t, prefix = '' } = options;
  const router = useRouter();
  const text = (key: DocumentText, values?: Record<string, unknown>) => t(`${prefix}${key}`, values);
  const [draft, setDraft] = useState<D>(() => structuredClone(document));
  const [others, setOthers] = useState(() => JSON.stringify(Object.fromEntries(Object.entries(document).filter(([key]) => !formSections.includes(key))), null, 2));
  const [reason, setReason] = useState('');
  const [issues, setIssues] = useState<DocumentIssue[]>([]);
  // A save reloads the page's version: the form comes back with the saved document and says so.
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | undefined>(() => (justSaved ? { tone: 'success', text: text('saved', { version }) } : undefined));
  const [busy, setBusy] = useState(false);

  const issueText = (issue: DocumentIssue) => t(`issues.${issue.code}`, issue.values);
  const errorAt = (path: string) => {
    const found = issues.filter((i) => i.path === path);
    return found.length ? found.map(issueText).join(' ') : undefined;
  };
  /** Changes the draft through a copy. */
  const change = (edit: (next: D) => void) =>
    setDraft((current) => {
      const next = structuredClone(current);
      edit(next);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const parsed: Record<string, unknown> = {};
    const local: DocumentIssue[] = [];
    for (const [path, text] of [...(options.json ?? []), ['', others] as [string, string]]) {
      try {
        parsed[path] = JSON.parse(text);
      } catch (error) {
        local.push({ path: path || 'sections', code: 'notJson', values: { detail: (error as Error).message } });
      }
    }
    if (local.length) {
      setIssues(local);
      setMessage({ tone: 'error', text: text('notSaved') });
      return;
    }
    setBusy(true);
    const answer = await options.save(version, options.compose(draft, parsed), reason);
    setBusy(false);
    if (!answer.ok) {
      setIssues(answer.issues);
      setMessage({ tone: 'error', text: answer.error });
      return;
    }
    onSaved(answer.version);
    // The page's version, history and document are the server's again.
    await router.replace(router.asPath, undefined, { scroll: false });
  };

  return { version, formSections, text, draft, setDraft, change, others, setOthers, reason, setReason, issues, issueText, errorAt, message, busy, submit };
}
