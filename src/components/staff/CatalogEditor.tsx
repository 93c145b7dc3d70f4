import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/client/i18n';
import { saveCatalogVersion, uploadProductPhoto } from '@/client/staff/program-calls';
import { ProductPicker } from '@/components/booking/ProductPicker';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import type { CatalogConfig, ProductTexts } from '@/config/catalog';
import { LOCALE_NAMES } from '@/config/locale-names';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/config/locales';
import type { ListedProduct } from '@/modules/catalog/web-product';
import { formatMoney } from '@/universal/format/money';
import own from './catalog-admin.module.css';
import { DocumentTextArea } from './DocumentTextArea';
import styles from './program-admin.module.css';
import { numberOf, useDocumentEditor } from './use-document-editor';
import { VersionedDocumentEditor } from './VersionedDocumentEditor';

export type CatalogDocument = CatalogConfig & Record<string, unknown>;
type Product = CatalogConfig['products'][number];
type Option = Product['options'][number];
type Unit = Option['units'][number];
type Schedule = Option['schedule'];

/** The sections the form edits field by field; every other section of the document is edited as JSON. */
const FORM_SECTIONS = ['currency', 'bookingWindowDays', 'closedDates', 'maxTicketsPerBooking', 'cancellationPolicy', 'products'];
const TEXT_FIELDS = ['title', 'shortDescription', 'description'] as const;
/** The form's labels of the fields a problem may name. */
const FIELD_LABELS: Record<string, string> = {
  bookingWindowDays: 'bookingWindowDays',
  maxTicketsPerBooking: 'maxTicketsPerBooking',
  freeUntilHoursBefore: 'freeUntilHoursBefore',
  refundPercentAfter: 'refundPercentAfter',
  closedDates: 'closedDates',
  internalName: 'internalName',
  image: 'image',
  capacity: 'capacity',
  minUnits: 'minUnits',
  maxUnits: 'maxUnits',
  schedule: 'schedule',
  datedSchedules: 'datedSchedules',
  datedPrices: 'datedPrice',
  everyMinutes: 'everyMinutes',
  durationMinutes: 'durationMinutes',
  title: 'text.title',
  shortDescription: 'text.shortDescription',
  description: 'text.description',
};

/** An amount typed in the currency ("44.50") as minor units; else the text, for the schema to name. */
const centsOf = (text: string): unknown => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : text);
const amountText = (cents: unknown) => (typeof cents === 'number' ? (cents / 100).toFixed(2) : String(cents ?? ''));
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The texts a language lacks: each product's title and descriptions, each option's title. */
export function missingTexts(document: CatalogConfig, locale: Locale): number {
  return document.products.reduce(
    (n, p) => n + TEXT_FIELDS.filter((f) => !p.texts?.[locale]?.[f]).length + p.options.filter((o) => !o.titles?.[locale]).length,
    0,
  );
}

/** The products as a visitor sees them on /products in `locale`, from the draft: the default language's
 * text where this one is missing. */
function previewOf(document: CatalogConfig, locale: Locale): ListedProduct[] {
  const textOf = (p: Product, field: keyof ProductTexts) => p.texts?.[locale]?.[field] || p.texts?.[DEFAULT_LOCALE]?.[field] || '';
  return document.products.map((p) => {
    const prices = p.options.flatMap((o) => o.units.map((u) => u.price)).filter((price) => typeof price === 'number' && price > 0);
    const fromPrice = prices.length ? Math.min(...prices) : null;
    return {
      id: p.id,
      title: textOf(p, 'title') || p.internalName,
      shortDescription: textOf(p, 'shortDescription'),
      description: textOf(p, 'description'),
      // An address still being typed is no image yet.
      image: /^\/[\w./-]+$/.test(p.image) ? p.image : null,
      currency: document.currency,
      fromPrice,
      fromPriceText: fromPrice === null ? null : formatMoney(fromPrice, document.currency, locale),
      options: [],
    };
  });
}

/** The catalogue as one document (decision 0055): products, options, units, prices and dated prices,
 * schedules and dated schedules, capacities, closed days, limits, cancellation policy and texts per
 * language in a form, other sections as JSON; saved whole, checked by the server, every problem at its field. */
export function CatalogEditor({
  version,
  document,
  images,
  justSaved,
  onSaved,
}: {
  version: number;
  document: CatalogDocument;
  /** The photos the site serves, to choose from. */
  images: string[];
  justSaved: boolean;
  onSaved: (version: number) => void;
}) {
  const { t } = useTranslation(['catalog-admin', 'products']);
  const [closed, setClosed] = useState(() => document.closedDates.join('\n'));
  const [language, setLanguage] = useState<Locale>(DEFAULT_LOCALE);
  const editor = useDocumentEditor<CatalogDocument>({
    version,
    document,
    justSaved,
    onSaved,
    formSections: FORM_SECTIONS,
    t,
    compose: (draft, parsed) => ({ ...(parsed[''] as Record<string, unknown>), ...Object.fromEntries(FORM_SECTIONS.map((key) => [key, draft[key]])), closedDates: closed.split(/[\s,]+/).filter(Boolean) }),
    save: saveCatalogVersion,
  });
  const { draft, change, errorAt, issues, issueText } = editor;
  /** A field's name for the list of problems: "Main Deck › Adult › price" rather than "products.0.options.0.units.0.price". */
  const fieldName = (path: string) => {
    if (path === 'reason') return t('reason');
    if (path === '') return t('wholeDocument');
    const parts = path.split('.');
    const names: string[] = [];
    const product = parts[0] === 'products' ? draft.products[Number(parts[1])] : undefined;
    if (product) names.push(product.internalName);
    const option = product && parts[2] === 'options' ? product.options[Number(parts[3])] : undefined;
    if (option) names.push(option.internalName);
    const unit = option && parts[4] === 'units' ? option.units[Number(parts[5])] : undefined;
    if (unit) names.push(unit.id);
    const rest = parts.slice(product ? (option ? (unit ? 6 : 4) : 2) : 0).map((part) => {
      if (part === 'price' && unit) return t('unitPrice', { unit: unit.id });
      if (part === 'maxQuantity' && unit) return t('unitMaxQuantity', { unit: unit.id });
      const label = FIELD_LABELS[part];
      return label ? t(label) : part;
    });
    return [...names, ...rest].join(' › ');
  };

  const atOption = (i: number, j: number, edit: (option: Option) => void) => change((next) => edit(next.products[i]!.options[j]!));
  const atUnit = (i: number, j: number, k: number, edit: (unit: Unit) => void) => change((next) => edit(next.products[i]!.options[j]!.units[k]!));

  const scheduleFields = (schedule: Schedule, base: string, set: (edit: (s: Record<string, unknown>) => void) => void): ReactNode =>
    'openingHours' in schedule ? (
      <div className={styles.grid}>
        <TextField label={t('opensAt')} type="time" value={schedule.openingHours.from} error={errorAt(`${base}.openingHours.from`) ?? errorAt(`${base}.openingHours`)} onChange={(e) => set((s) => ((s.openingHours as Record<string, unknown>).from = e.target.value))} />
        <TextField label={t('closesAt')} type="time" value={schedule.openingHours.to} error={errorAt(`${base}.openingHours.to`)} onChange={(e) => set((s) => ((s.openingHours as Record<string, unknown>).to = e.target.value))} />
        <Weekdays value={schedule.weekdays} onChange={(days) => set((s) => (s.weekdays = days))} />
      </div>
    ) : (
      <div className={styles.grid}>
        <TextField label={t('firstSlot')} type="time" value={schedule.from} error={errorAt(`${base}.from`)} onChange={(e) => set((s) => (s.from = e.target.value))} />
        <TextField label={t('lastSlot')} type="time" value={schedule.to} error={errorAt(`${base}.to`)} onChange={(e) => set((s) => (s.to = e.target.value))} />
        <TextField label={t('everyMinutes')} type="number" inputMode="numeric" value={text(schedule.everyMinutes)} error={errorAt(`${base}.everyMinutes`)} onChange={(e) => set((s) => (s.everyMinutes = numberOf(e.target.value)))} />
        <TextField label={t('durationMinutes')} type="number" inputMode="numeric" value={text(schedule.durationMinutes)} error={errorAt(`${base}.durationMinutes`)} onChange={(e) => set((s) => (s.durationMinutes = numberOf(e.target.value)))} />
        <Weekdays value={schedule.weekdays} onChange={(days) => set((s) => (s.weekdays = days))} />
      </div>
    );

  const missing = (value: string | undefined) => (value ? undefined : t('missingIn', { language: LOCALE_NAMES[language] }));

  return (
    <VersionedDocumentEditor
      editor={editor}
      fieldName={fieldName}
      sectionsArea={{ id: 'catalog-sections', rows: 8 }}
      after={
        <Card>
          <h2>{t('previewTitle', { language: LOCALE_NAMES[language] })}</h2>
          <p>{t('previewNote')}</p>
          <div aria-label={t('previewTitle', { language: LOCALE_NAMES[language] })} role="group" lang={language}>
            <ProductPicker products={previewOf(draft, language)} onSelect={() => undefined} />
          </div>
        </Card>
      }
    >
      <datalist id="catalog-images">
        {images.map((image) => (
          <option key={image} value={image} />
        ))}
      </datalist>

      <Card>
        <h2>{t('generalTitle')}</h2>
        <div className={styles.grid}>
          <TextField label={t('bookingWindowDays')} type="number" inputMode="numeric" value={text(draft.bookingWindowDays)} error={errorAt('bookingWindowDays')} onChange={(e) => change((d) => (d.bookingWindowDays = numberOf(e.target.value) as number))} />
          <TextField label={t('maxTicketsPerBooking')} type="number" inputMode="numeric" value={text(draft.maxTicketsPerBooking)} error={errorAt('maxTicketsPerBooking')} onChange={(e) => change((d) => (d.maxTicketsPerBooking = numberOf(e.target.value) as number))} />
          <TextField
            label={t('freeUntilHoursBefore')}
            type="number"
            inputMode="numeric"
            value={text(draft.cancellationPolicy?.freeUntilHoursBefore)}
            error={errorAt('cancellationPolicy.freeUntilHoursBefore')}
            onChange={(e) => change((d) => (d.cancellationPolicy = { refundPercentAfter: 0, ...d.cancellationPolicy, freeUntilHoursBefore: numberOf(e.target.value) as number }))}
          />
          <TextField
            label={t('refundPercentAfter')}
            type="number"
            inputMode="numeric"
            value={text(draft.cancellationPolicy?.refundPercentAfter)}
            error={errorAt('cancellationPolicy.refundPercentAfter')}
            onChange={(e) => change((d) => (d.cancellationPolicy = { freeUntilHoursBefore: 0, ...d.cancellationPolicy, refundPercentAfter: numberOf(e.target.value) as number }))}
          />
        </div>
        <DocumentTextArea id="catalog-closed" label={t('closedDates')} hint={t('closedDatesHint')} value={closed} onChange={setClosed} error={issues.filter((i) => i.path.startsWith('closedDates')).map(issueText).join(' ') || undefined} rows={4} />
      </Card>

      <Card>
        <h2>{t('textsTitle')}</h2>
        <p>{t('textsNote')}</p>
        <label htmlFor="catalog-language">
          <strong>{t('language')}</strong>
        </label>
        <select id="catalog-language" className={own.select} value={language} onChange={(e) => setLanguage(e.target.value as Locale)}>
          {LOCALES.map((l) => {
            const count = missingTexts(draft, l);
            return (
              <option key={l} value={l}>
                {count ? t('languageMissing', { language: LOCALE_NAMES[l], count }) : LOCALE_NAMES[l]}
              </option>
            );
          })}
        </select>
      </Card>

      {draft.products.map((product, i) => (
        <Card key={i}>
          <h2>{product.internalName}</h2>
          <div className={styles.grid}>
            <TextField label={t('internalName')} value={product.internalName} error={errorAt(`products.${i}.internalName`)} onChange={(e) => change((d) => (d.products[i]!.internalName = e.target.value))} />
            <TextField label={t('image')} hint={t('imageHint')} list="catalog-images" value={product.image} error={errorAt(`products.${i}.image`)} onChange={(e) => change((d) => (d.products[i]!.image = e.target.value))} />
            <PhotoUpload onUploaded={(url) => change((d) => (d.products[i]!.image = url))} />
            <TextField
              label={t('productMaxTickets')}
              hint={t('productMaxTicketsHint')}
              type="number"
              inputMode="numeric"
              value={text(product.maxTicketsPerBooking)}
              error={errorAt(`products.${i}.maxTicketsPerBooking`)}
              onChange={(e) => change((d) => (d.products[i]!.maxTicketsPerBooking = e.target.value.trim() === '' ? undefined : (numberOf(e.target.value) as number)))}
            />
          </div>
          <fieldset className={styles.fieldset}>
            <legend>{t('textsIn', { language: LOCALE_NAMES[language] })}</legend>
            {TEXT_FIELDS.map((field) => {
              const value = product.texts?.[language]?.[field] ?? '';
              const setText = (next: string) =>
                change((d) => {
                  const p = d.products[i]!;
                  p.texts = { ...p.texts, [language]: { ...p.texts?.[language], [field]: next || undefined } };
                });
              const props = { label: t(`text.${field}`), value, error: errorAt(`products.${i}.texts.${language}.${field}`), hint: missing(value) };
              return field === 'description' ? (
                <DocumentTextArea key={field} id={`catalog-${i}-${field}`} {...props} onChange={setText} rows={4} />
              ) : (
                <TextField key={field} {...props} onChange={(e) => setText(e.target.value)} />
              );
            })}
          </fieldset>
          {product.options.map((option, j) => {
            const base = `products.${i}.options.${j}`;
            const title = option.titles?.[language] ?? '';
            return (
              <fieldset key={j} className={styles.fieldset}>
                <legend>{option.internalName}</legend>
                <div className={styles.grid}>
                  <TextField label={t('internalName')} value={option.internalName} error={errorAt(`${base}.internalName`)} onChange={(e) => atOption(i, j, (o) => (o.internalName = e.target.value))} />
                  <TextField
                    label={t('optionTitleIn', { language: LOCALE_NAMES[language] })}
                    value={title}
                    hint={missing(title)}
                    error={errorAt(`${base}.titles.${language}`)}
                    onChange={(e) => atOption(i, j, (o) => (o.titles = { ...o.titles, [language]: e.target.value || undefined }))}
                  />
                  <TextField label={t('capacity')} type="number" inputMode="numeric" value={text(option.capacity)} error={errorAt(`${base}.capacity`)} onChange={(e) => atOption(i, j, (o) => (o.capacity = numberOf(e.target.value) as number))} />
                  <TextField label={t('minUnits')} type="number" inputMode="numeric" value={text(option.restrictions.minUnits)} error={errorAt(`${base}.restrictions.minUnits`)} onChange={(e) => atOption(i, j, (o) => (o.restrictions.minUnits = numberOf(e.target.value) as number))} />
                  <TextField label={t('maxUnits')} type="number" inputMode="numeric" value={text(option.restrictions.maxUnits)} error={errorAt(`${base}.restrictions.maxUnits`)} onChange={(e) => atOption(i, j, (o) => (o.restrictions.maxUnits = numberOf(e.target.value) as number))} />
                </div>
                <h3>{t('schedule')}</h3>
                {scheduleFields(option.schedule, `${base}.schedule`, (edit) => atOption(i, j, (o) => edit(o.schedule as unknown as Record<string, unknown>)))}
                <h3>{t('datedSchedules')}</h3>
                {errorAt(`${base}.datedSchedules`) && <p role="alert">{errorAt(`${base}.datedSchedules`)}</p>}
                {(option.datedSchedules ?? []).map((dated, k) => (
                  <div key={k} className={styles.fieldset}>
                    <div className={styles.grid}>
                      <TextField label={t('firstDay')} type="date" value={dated.from} error={errorAt(`${base}.datedSchedules.${k}.from`) ?? errorAt(`${base}.datedSchedules.${k}`)} onChange={(e) => atOption(i, j, (o) => (o.datedSchedules![k]!.from = e.target.value))} />
                      <TextField label={t('lastDay')} type="date" value={dated.to} error={errorAt(`${base}.datedSchedules.${k}.to`)} onChange={(e) => atOption(i, j, (o) => (o.datedSchedules![k]!.to = e.target.value))} />
                    </div>
                    {scheduleFields(dated.schedule, `${base}.datedSchedules.${k}.schedule`, (edit) => atOption(i, j, (o) => edit(o.datedSchedules![k]!.schedule as unknown as Record<string, unknown>)))}
                    <Button type="button" variant="secondary" onClick={() => atOption(i, j, (o) => o.datedSchedules!.splice(k, 1))}>
                      {t('removeDatedSchedule')}
                    </Button>
                  </div>
                ))}
                <Button type="button" variant="secondary" onClick={() => atOption(i, j, (o) => (o.datedSchedules = [...(o.datedSchedules ?? []), { from: '', to: '', schedule: structuredClone(o.schedule) }]))}>
                  {t('addDatedSchedule')}
                </Button>
                <h3>{t('units')}</h3>
                {option.units.map((unit, k) => {
                  const at = `${base}.units.${k}`;
                  return (
                    <div key={k} className={styles.fieldset}>
                      <div className={styles.grid}>
                        <TextField label={t('unitPrice', { unit: unit.id })} inputMode="decimal" value={amountText(unit.price)} error={errorAt(`${at}.price`)} onChange={(e) => atUnit(i, j, k, (u) => (u.price = centsOf(e.target.value) as number))} />
                        <TextField label={t('unitMaxQuantity', { unit: unit.id })} type="number" inputMode="numeric" value={text(unit.maxQuantity)} error={errorAt(`${at}.maxQuantity`)} onChange={(e) => atUnit(i, j, k, (u) => (u.maxQuantity = numberOf(e.target.value) as number))} />
                      </div>
                      {errorAt(`${at}.datedPrices`) && <p role="alert">{errorAt(`${at}.datedPrices`)}</p>}
                      {(unit.datedPrices ?? []).map((dated, m) => (
                        <div key={m} className={styles.grid}>
                          <TextField label={t('firstDay')} type="date" value={dated.from} error={errorAt(`${at}.datedPrices.${m}.from`) ?? errorAt(`${at}.datedPrices.${m}`)} onChange={(e) => atUnit(i, j, k, (u) => (u.datedPrices![m]!.from = e.target.value))} />
                          <TextField label={t('lastDay')} type="date" value={dated.to} error={errorAt(`${at}.datedPrices.${m}.to`)} onChange={(e) => atUnit(i, j, k, (u) => (u.datedPrices![m]!.to = e.target.value))} />
                          <TextField label={t('datedPrice')} inputMode="decimal" value={amountText(dated.price)} error={errorAt(`${at}.datedPrices.${m}.price`)} onChange={(e) => atUnit(i, j, k, (u) => (u.datedPrices![m]!.price = centsOf(e.target.value) as number))} />
                          <Button type="button" variant="secondary" onClick={() => atUnit(i, j, k, (u) => u.datedPrices!.splice(m, 1))}>
                            {t('removeDatedPrice')}
                          </Button>
                        </div>
                      ))}
                      <Button type="button" variant="secondary" onClick={() => atUnit(i, j, k, (u) => (u.datedPrices = [...(u.datedPrices ?? []), { from: '', to: '', price: u.price }]))}>
                        {t('addDatedPrice', { unit: unit.id })}
                      </Button>
                    </div>
                  );
                })}
              </fieldset>
            );
          })}
        </Card>
      ))}
    </VersionedDocumentEditor>
  );
}

const DAYS = [1, 2, 3, 4, 5, 6, 0];

function Weekdays({ value, onChange }: { value: number[] | undefined; onChange: (days: number[] | undefined) => void }) {
  const { t } = useTranslation('catalog-admin');
  const on = (day: number) => !value || value.includes(day);
  const toggle = (day: number) => {
    const next = DAYS.filter((d) => (d === day ? !on(d) : on(d)));
    onChange(next.length === 7 ? undefined : next);
  };
  return (
    <fieldset className={own.weekdays}>
      <legend>{t('weekdays')}</legend>
      {DAYS.map((day) => (
        <label key={day}>
          <input type="checkbox" checked={on(day)} onChange={() => toggle(day)} /> {t(`weekday.${day}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The most a photo may weigh; the server says so too (decision 0055, "Uploaded photos"). */
const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** A file chooser that uploads a product photo and hands its address to the photo field. */
function PhotoUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { t } = useTranslation('catalog-admin');
  const [state, setState] = useState<{ busy?: boolean; error?: string; done?: boolean }>({});
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) return setState({ error: t('photoTooLarge') });
    setState({ busy: true });
    const answer = await uploadProductPhoto(file);
    if (!answer.ok) return setState({ error: answer.error });
    onUploaded(answer.url);
    setState({ done: true });
  };
  return (
    <div>
      <TextField
        label={t('photoUpload')}
        hint={t('photoUploadHint')}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={state.busy}
        error={state.error}
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p role="status">{state.busy ? t('photoUploading') : state.done ? t('photoUploaded') : ''}</p>
    </div>
  );
}
