import { useRouter } from 'next/router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/client/i18n';
import { saveProgramVersion } from '@/client/staff/program-calls';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import type { Program } from '@/config/program-schema';
import type { ProgramIssue } from '@/modules/program/program-issues';
import styles from './program-admin.module.css';

/** The sections the form edits field by field; every other section of the document is edited as JSON. */
const FORM_SECTIONS = ['windowMonths', 'tiers', 'points'];

type Document = Program & Record<string, unknown>;

/** The form's labels of the fields a problem may name. */
const TIER_LABELS: Record<string, string> = { visits: 'program.visits', memberDiscountPercent: 'program.discount', extraTicketsPerBooking: 'program.extraTickets' };
const FIELD_LABELS: Record<string, string> = {
  windowMonths: 'program.windowMonths',
  'points.expiryMonths': 'program.expiryMonths',
  'points.products': 'program.products',
  sections: 'program.sections',
  reason: 'program.reason',
};

/** A number field's value: a number when it reads as one, else the text, for the schema to name. */
const numberOf = (text: string): unknown => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

const otherSections = (document: Document) => Object.fromEntries(Object.entries(document).filter(([key]) => !FORM_SECTIONS.includes(key)));

/** The program as one document (decision 0044): tiers, perks and points in a form, the other sections as
 * JSON; saved whole, checked by the server, with every problem shown at its field. */
export function ProgramEditor({ version, document, justSaved, onSaved }: { version: number; document: Document; justSaved: boolean; onSaved: (version: number) => void }) {
  const { t } = useTranslation(['program-admin', 'profile']);
  const router = useRouter();
  const [draft, setDraft] = useState<Document>(() => structuredClone(document));
  const [products, setProducts] = useState(() => JSON.stringify(document.points.products, null, 2));
  const [others, setOthers] = useState(() => JSON.stringify(otherSections(document), null, 2));
  const [reason, setReason] = useState('');
  const [issues, setIssues] = useState<ProgramIssue[]>([]);
  // A save reloads the page's version: the form comes back with the saved document and says so.
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | undefined>(() => (justSaved ? { tone: 'success', text: t('program.saved', { version }) } : undefined));
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  // The outcome is read first: focus moves to it (the list of problems, or the version saved).
  useEffect(() => {
    if (message) summary.current?.focus();
  }, [message]);

  const issueText = (issue: ProgramIssue) => t(`issues.${issue.code}`, issue.values);
  const errorAt = (path: string) => {
    const found = issues.filter((i) => i.path === path);
    return found.length ? found.map(issueText).join(' ') : undefined;
  };
  const tierName = (id: string) => t(`profile:program.tiers.${id}`, { defaultValue: id });
  /** A field's name for the list of problems: "Regular: visits" rather than "tiers.1.visits". */
  const fieldName = (path: string) => {
    const [section, index, ...rest] = path.split('.');
    if (section === 'tiers' && index !== undefined && draft.tiers[Number(index)]) {
      const leaf = rest.at(-1);
      const label = leaf && leaf in TIER_LABELS ? t(TIER_LABELS[leaf]!) : rest.join(' › ');
      return [tierName(draft.tiers[Number(index)]!.id), label].filter(Boolean).join(' › ');
    }
    if (path in FIELD_LABELS) return t(FIELD_LABELS[path]!);
    if (section === 'points' && index === 'perUnit' && rest[0]) return t('program.unitPoints', { unit: rest[0] });
    return path === '' ? t('program.wholeDocument') : path.split('.').join(' › ');
  };

  const setTier = (index: number, change: (tier: Record<string, unknown>) => void) =>
    setDraft((current) => {
      const next = structuredClone(current);
      change(next.tiers[index] as unknown as Record<string, unknown>);
      return next;
    });
  const setPerk = (index: number, perk: 'memberDiscountPercent' | 'extraTicketsPerBooking', text: string) =>
    setTier(index, (tier) => ((tier.perks as Record<string, unknown>)[perk] = numberOf(text)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const parsed: Record<string, unknown> = {};
    const local: ProgramIssue[] = [];
    for (const [path, text] of [
      ['points.products', products],
      ['', others],
    ] as const) {
      try {
        parsed[path] = JSON.parse(text);
      } catch (error) {
        local.push({ path: path || 'sections', code: 'notJson', values: { detail: (error as Error).message } });
      }
    }
    if (local.length) {
      setIssues(local);
      setMessage({ tone: 'error', text: t('program.notSaved') });
      return;
    }
    const whole = { ...(parsed[''] as Record<string, unknown>), windowMonths: draft.windowMonths, tiers: draft.tiers, points: { ...draft.points, products: parsed['points.products'] } };
    setBusy(true);
    const answer = await saveProgramVersion(version, whole, reason);
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

  return (
    <form onSubmit={submit} noValidate>
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
      <Card>
        <h2>{t('program.tiersTitle')}</h2>
        <p>{t('program.tiersNote')}</p>
        <TextField
          label={t('program.windowMonths')}
          type="number"
          inputMode="numeric"
          value={String(draft.windowMonths)}
          error={errorAt('windowMonths')}
          onChange={(e) => setDraft({ ...draft, windowMonths: numberOf(e.target.value) as number })}
        />
        {draft.tiers.map((tier, index) => (
          <fieldset key={tier.id} className={styles.fieldset}>
            <legend>{tierName(tier.id)}</legend>
            <div className={styles.grid}>
              <TextField
                label={t('program.visits')}
                type="number"
                inputMode="numeric"
                value={String(tier.visits)}
                error={errorAt(`tiers.${index}.visits`) ?? errorAt('tiers')}
                onChange={(e) => setTier(index, (row) => (row.visits = numberOf(e.target.value)))}
              />
              <TextField
                label={t('program.discount')}
                type="number"
                inputMode="numeric"
                value={String(tier.perks.memberDiscountPercent)}
                error={errorAt(`tiers.${index}.perks.memberDiscountPercent`)}
                onChange={(e) => setPerk(index, 'memberDiscountPercent', e.target.value)}
              />
              <TextField
                label={t('program.extraTickets')}
                type="number"
                inputMode="numeric"
                value={String(tier.perks.extraTicketsPerBooking)}
                error={errorAt(`tiers.${index}.perks.extraTicketsPerBooking`)}
                onChange={(e) => setPerk(index, 'extraTicketsPerBooking', e.target.value)}
              />
            </div>
          </fieldset>
        ))}
      </Card>
      <Card>
        <h2>{t('program.pointsTitle')}</h2>
        <TextField
          label={t('program.expiryMonths')}
          type="number"
          inputMode="numeric"
          value={String(draft.points.expiryMonths)}
          error={errorAt('points.expiryMonths')}
          onChange={(e) => setDraft({ ...draft, points: { ...draft.points, expiryMonths: numberOf(e.target.value) as number } })}
        />
        <fieldset className={styles.fieldset}>
          <legend>{t('program.perUnit')}</legend>
          <div className={styles.grid}>
            {Object.entries(draft.points.perUnit).map(([unit, points]) => (
              <TextField
                key={unit}
                label={t('program.unitPoints', { unit })}
                type="number"
                inputMode="numeric"
                value={String(points)}
                error={errorAt(`points.perUnit.${unit}`)}
                onChange={(e) => setDraft({ ...draft, points: { ...draft.points, perUnit: { ...draft.points.perUnit, [unit]: numberOf(e.target.value) as number } } })}
              />
            ))}
          </div>
        </fieldset>
        <JsonField id="program-products" label={t('program.products')} hint={t('program.productsHint')} value={products} onChange={setProducts} error={issues.filter((i) => i.path.startsWith('points.products')).map(issueText).join(' ') || undefined} />
      </Card>
      <Card>
        <h2>{t('program.sectionsTitle')}</h2>
        <JsonField
          id="program-sections"
          label={t('program.sections')}
          hint={t('program.sectionsHint')}
          value={others}
          onChange={setOthers}
          error={issues.filter((i) => i.path === 'sections' || !['reason', ...FORM_SECTIONS].includes(i.path.split('.')[0]!)).map((i) => `${fieldName(i.path)}: ${issueText(i)}`).join(' ') || undefined}
        />
      </Card>
      <Card>
        <TextField label={t('program.reason')} hint={t('program.reasonHint')} value={reason} maxLength={500} required error={errorAt('reason')} onChange={(e) => setReason(e.target.value)} />
        <Button type="submit" busy={busy}>
          {t('program.save', { version: version + 1 })}
        </Button>
      </Card>
    </form>
  );
}

function JsonField({ id, label, hint, value, onChange, error }: { id: string; label: string; hint: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <div>
      <label htmlFor={id}>
        <strong>{label}</strong>
      </label>
      <p id={`${id}-hint`}>{hint}</p>
      <textarea
        id={id}
        className={styles.json}
        value={value}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
