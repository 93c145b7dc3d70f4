import { useState } from 'react';
import { useTranslation } from '@/client/i18n';
import { saveProgramVersion } from '@/client/staff/program-calls';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import type { Program } from '@/config/program-schema';
import { DocumentTextArea } from './DocumentTextArea';
import styles from './program-admin.module.css';
import { numberOf, useDocumentEditor } from './use-document-editor';
import { VersionedDocumentEditor } from './VersionedDocumentEditor';

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

/** The program as one document (decision 0044): tiers, perks and points in a form, the other sections as
 * JSON; saved whole, checked by the server, with every problem shown at its field. */
export function ProgramEditor({ version, document, justSaved, onSaved }: { version: number; document: Document; justSaved: boolean; onSaved: (version: number) => void }) {
  const { t } = useTranslation(['program-admin', 'profile']);
  const [products, setProducts] = useState(() => JSON.stringify(document.points.products, null, 2));
  const editor = useDocumentEditor<Document>({
    version,
    document,
    justSaved,
    onSaved,
    formSections: FORM_SECTIONS,
    t,
    prefix: 'program.',
    json: [['points.products', products]],
    compose: (draft, parsed) => ({ ...(parsed[''] as Record<string, unknown>), windowMonths: draft.windowMonths, tiers: draft.tiers, points: { ...draft.points, products: parsed['points.products'] } }),
    save: saveProgramVersion,
  });
  const { draft, setDraft, errorAt, issues, issueText } = editor;

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

  const setTier = (index: number, change: (tier: Record<string, unknown>) => void) => editor.change((next) => change(next.tiers[index] as unknown as Record<string, unknown>));
  const setPerk = (index: number, perk: 'memberDiscountPercent' | 'extraTicketsPerBooking', text: string) =>
    setTier(index, (tier) => ((tier.perks as Record<string, unknown>)[perk] = numberOf(text)));

  return (
    <VersionedDocumentEditor editor={editor} fieldName={fieldName} sectionsArea={{ id: 'program-sections', flush: true }}>
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
        <DocumentTextArea
          id="program-products"
          label={t('program.products')}
          hint={t('program.productsHint')}
          value={products}
          onChange={setProducts}
          mono
          flush
          error={issues.filter((i) => i.path.startsWith('points.products')).map(issueText).join(' ') || undefined}
        />
      </Card>
    </VersionedDocumentEditor>
  );
}
