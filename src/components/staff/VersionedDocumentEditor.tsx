import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import { DocumentTextArea } from './DocumentTextArea';
import styles from './program-admin.module.css';
import type { DocumentEditor } from './use-document-editor';

/** A versioned document's form (decisions 0044 and 0055): the outcome and every problem first, the
 * document's own fields (`children`), its other sections as JSON, `after` (the catalogue's preview), then
 * the reason and the save. `fieldName` names a problem's field as the form labels it. */
export function VersionedDocumentEditor<D extends Record<string, unknown>>({
  editor,
  fieldName,
  sectionsArea,
  after,
  children,
}: {
  editor: DocumentEditor<D>;
  fieldName: (path: string) => string;
  /** The other sections' JSON area: its id, and its height and spacing where the page sets them. */
  sectionsArea: { id: string; rows?: number; flush?: boolean };
  after?: ReactNode;
  children: ReactNode;
}) {
  const { text, issues, issueText, message, formSections } = editor;
  const summary = useRef<HTMLDivElement>(null);
  // The outcome is read first: focus moves to it (the list of problems, or the version saved).
  useEffect(() => {
    if (message) summary.current?.focus();
  }, [message]);
  // The problems outside the form's sections are the JSON's, named by their path.
  const sectionsError = issues
    .filter((i) => i.path === 'sections' || !['reason', ...formSections].includes(i.path.split('.')[0]!))
    .map((i) => `${fieldName(i.path)}: ${issueText(i)}`)
    .join(' ');
  return (
    <form onSubmit={editor.submit} noValidate>
      <div ref={summary} tabIndex={-1}>
        {message && (
          <Alert tone={message.tone}>
            {message.text}
            {issues.length > 0 && (
              <ul className={styles.issues}>
                {issues.map((issue, i) => (
                  <li key={i}>
                    {fieldName(issue.path)}: {issueText(issue)}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </div>
      {children}
      <Card>
        <h2>{text('sectionsTitle')}</h2>
        <DocumentTextArea {...sectionsArea} label={text('sections')} hint={text('sectionsHint')} value={editor.others} onChange={editor.setOthers} mono error={sectionsError || undefined} />
      </Card>
      {after}
      <Card>
        <TextField label={text('reason')} hint={text('reasonHint')} value={editor.reason} maxLength={500} required error={editor.errorAt('reason')} onChange={(e) => editor.setReason(e.target.value)} />
        <Button type="submit" busy={editor.busy}>
          {text('save', { version: editor.version + 1 })}
        </Button>
      </Card>
    </form>
  );
}
