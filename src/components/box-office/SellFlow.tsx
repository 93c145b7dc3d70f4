// A sale at the counter in a few taps (decision 0053): product, option, quantities, a slot of the day with its
// live availability, an optional e-mail address, then cash (amount handed over, change shown) or card (the
// gateway's form). Every step is a native button or field: Tab and Enter reach all of it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { useProducts } from '@/client/booking/use-products';
import { centsOf, loadSlots, sell } from '@/client/staff/box-office-calls';
import type { CounterSaleResult } from '@/modules/box-office/sell';
import type { WebSlot } from '@/modules/catalog/check-availability';
import type { CheckoutSession } from '@/ports/payments';
import { TestCardForm } from '@/components/checkout/TestCardForm';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { formatMoney } from '@/universal/format/money';
import { formatTime } from '@/universal/format/date-time';
import { selectionTotal } from '@/universal/web-product';
import { HandOver } from './HandOver';
import styles from './box-office.module.css';

type Props = { today: string; tillOpen: boolean; onSold: () => void };

export function SellFlow({ today, tillOpen, onSold }: Props) {
  const { t } = useTranslation('boxoffice');
  const { locale = 'en' } = useRouter();
  const { data: products, error: productsError } = useProducts();
  const [productId, setProductId] = useState<string>();
  const [optionId, setOptionId] = useState<string>();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [date, setDate] = useState(today);
  // The slots and the chosen one belong to the choice they were read for (`key`): a new choice shows neither.
  const [loaded, setLoaded] = useState<{ key: string; slots?: WebSlot[]; error?: string }>();
  const [picked, setPicked] = useState<{ key: string; id: string }>();
  const [email, setEmail] = useState('');
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [tendered, setTendered] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [card, setCard] = useState<CheckoutSession>();
  const [sale, setSale] = useState<CounterSaleResult>();
  const handOver = useRef<HTMLDivElement>(null);

  const product = products?.find((p) => p.id === productId);
  const option = product?.options.find((o) => o.id === optionId);
  const chosen = Object.fromEntries(Object.entries(quantities).filter(([, n]) => n > 0));
  const count = Object.values(chosen).reduce((sum, n) => sum + n, 0);
  const total = option ? selectionTotal(option, chosen) : null;
  const currency = product?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const tenderedCents = centsOf(tendered);
  const change = total !== null && tenderedCents !== undefined ? tenderedCents - total : undefined;
  const key = productId && optionId && count > 0 && date ? JSON.stringify([productId, optionId, chosen, date]) : '';
  const slots = loaded?.key === key ? loaded.slots : undefined;
  const slotsError = loaded?.key === key ? loaded.error : undefined;
  const slotId = picked?.key === key ? picked.id : undefined;
  const setSlotId = (id: string) => setPicked({ key, id });

  // The day's slots, live, whenever the choice changes.
  useEffect(() => {
    if (!key) return;
    const [product, option, quantities, selectedDate] = JSON.parse(key) as [string, string, Record<string, number>, string];
    let stale = false;
    void loadSlots({ productId: product, optionId: option, quantities, selectedDate }).then((answer) => {
      if (!stale) setLoaded(answer.ok ? { key, slots: answer.data.filter((s) => s.status !== 'CLOSED') } : { key, error: answer.error });
    });
    return () => {
      stale = true;
    };
  }, [key]);

  useEffect(() => {
    if (sale) handOver.current?.querySelector('h2')?.focus();
  }, [sale]);

  function chooseProduct(id: string) {
    const next = products?.find((p) => p.id === id);
    setProductId(id);
    setOptionId(next?.options.find((o) => o.default)?.id ?? next?.options[0]?.id);
    setQuantities({});
  }

  function changeQuantity(unitId: string, by: number) {
    setQuantities((q) => ({ ...q, [unitId]: Math.max(0, Math.min(50, (q[unitId] ?? 0) + by)) }));
  }

  function reset() {
    setSale(undefined);
    setCard(undefined);
    setQuantities({});
    setPicked(undefined);
    setEmail('');
    setTendered('');
    setError(undefined);
    setDate(today);
  }

  async function onPay(event: FormEvent) {
    event.preventDefault();
    if (!productId || !optionId || !slotId || count === 0) return setError(t('sell.incomplete'));
    if (method === 'cash' && (tenderedCents === undefined || (total !== null && tenderedCents < total))) return setError(t('sell.tenderedShort'));
    setBusy(true);
    setError(undefined);
    const answer = await sell(
      { productId, optionId, quantities: chosen, selectedTime: slotId, email: email.trim() },
      method === 'cash' ? { method: 'cash', tenderedCents: tenderedCents! } : { method: 'card' },
    );
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    if (answer.data.session) return setCard(answer.data.session);
    setSale(answer.data);
    onSold();
  }

  if (sale) {
    return (
      <div ref={handOver}>
        <HandOver sale={sale} email={email.trim()} onNext={reset} />
      </div>
    );
  }

  if (card) {
    return (
      <section aria-labelledby="card-heading">
        <h2 id="card-heading">{t('sell.cardHeading', { total: money(card.amount) })}</h2>
        <TestCardForm
          sessionId={card.id}
          amount={card.amount}
          currency={card.currency}
          payUrl="/api/staff/sell/pay"
          extra={{ email: email.trim() }}
          onPaid={(order) => {
            setSale({ order, method: 'card', tendered: null, change: null, session: null, emailed: Boolean(email.trim()) && order.status === 'CONFIRMED' });
            setCard(undefined);
            onSold();
          }}
        />
        <Button type="button" variant="link" onClick={() => setCard(undefined)}>
          {t('sell.back')}
        </Button>
      </section>
    );
  }

  return (
    <form onSubmit={onPay} className={styles.flow} noValidate aria-labelledby="sell-heading">
      <h2 id="sell-heading">{t('sell.heading')}</h2>
      {productsError && <Alert tone="error">{t('sell.productsFailed')}</Alert>}
      <fieldset className={styles.step}>
        <legend>{t('sell.product')}</legend>
        <div className={styles.choices}>
          {products?.map((p) => (
            <button key={p.id} type="button" className={styles.choice} aria-pressed={p.id === productId} onClick={() => chooseProduct(p.id)}>
              {p.title}
            </button>
          ))}
        </div>
      </fieldset>
      {product && product.options.length > 1 && (
        <fieldset className={styles.step}>
          <legend>{t('sell.option')}</legend>
          <div className={styles.choices}>
            {product.options.map((o) => (
              <button
                key={o.id}
                type="button"
                className={styles.choice}
                aria-pressed={o.id === optionId}
                onClick={() => {
                  setOptionId(o.id);
                  setQuantities({});
                }}
              >
                {o.title}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {option && (
        <fieldset className={styles.step}>
          <legend>{t('sell.quantities')}</legend>
          <ul className={styles.units}>
            {option.units.map((unit) => {
              const n = quantities[unit.id] ?? 0;
              return (
                <li key={unit.id} className={styles.unit}>
                  <span className={styles.unitName}>
                    {unit.title}
                    {unit.price !== null && <span className={styles.muted}> · {money(unit.price)}</span>}
                  </span>
                  <span className={styles.stepper}>
                    <button type="button" className={styles.count} onClick={() => changeQuantity(unit.id, -1)} disabled={n === 0} aria-label={t('sell.less', { unit: unit.title })}>
                      −
                    </button>
                    <output aria-live="polite" aria-label={t('sell.count', { unit: unit.title })} data-testid={`count-${unit.id}`}>
                      {n}
                    </output>
                    <button type="button" className={styles.count} onClick={() => changeQuantity(unit.id, 1)} aria-label={t('sell.more', { unit: unit.title })}>
                      +
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {option && count > 0 && (
        <fieldset className={styles.step}>
          <legend>{t('sell.slot')}</legend>
          <TextField label={t('sell.date')} type="date" min={today} value={date} onChange={(e) => setDate(e.target.value || today)} />
          {slotsError && <Alert tone="error">{slotsError}</Alert>}
          {slots && slots.length === 0 && <p>{t('sell.noSlots')}</p>}
          <div className={styles.slots}>
            {slots?.map((slot) => (
              <button
                key={slot.id}
                type="button"
                className={styles.choice}
                aria-pressed={slot.id === slotId}
                disabled={!slot.available || slot.vacancies < count}
                onClick={() => setSlotId(slot.id)}
              >
                <span className={styles.slotTime}>{formatTime(slot.localDateTimeStart, locale)}</span>
                <span className={styles.muted}>{slot.available && slot.vacancies >= count ? t('sell.left', { n: slot.vacancies }) : t('sell.full')}</span>
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {slotId && (
        <>
          <fieldset className={styles.step}>
            <legend>{t('sell.emailStep')}</legend>
            <TextField label={t('sell.email')} hint={t('sell.emailHint')} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </fieldset>
          <fieldset className={styles.step}>
            <legend>{t('sell.pay', { total: total === null ? '—' : money(total) })}</legend>
            <div className={styles.choices}>
              <button type="button" className={styles.choice} aria-pressed={method === 'cash'} onClick={() => setMethod('cash')}>
                {t('sell.cash')}
              </button>
              <button type="button" className={styles.choice} aria-pressed={method === 'card'} onClick={() => setMethod('card')}>
                {t('sell.card')}
              </button>
            </div>
            {method === 'cash' && (
              <>
                {!tillOpen && <Alert tone="error">{t('sell.openTillFirst')}</Alert>}
                <TextField label={t('sell.tendered')} inputMode="decimal" autoComplete="off" value={tendered} onChange={(e) => setTendered(e.target.value)} />
                <div className={styles.choices}>
                  {total !== null &&
                    [total, ...[1000, 2000, 5000, 10000].map((note) => Math.ceil(total / note) * note)]
                      .filter((v, i, all) => all.indexOf(v) === i)
                      .slice(0, 4)
                      .map((cents) => (
                        <button key={cents} type="button" className={styles.quick} onClick={() => setTendered((cents / 100).toFixed(2))}>
                          {money(cents)}
                        </button>
                      ))}
                </div>
                {change !== undefined && change >= 0 && (
                  <p className={styles.change} data-testid="change-preview">
                    {t('sell.changeDue', { change: money(change) })}
                  </p>
                )}
              </>
            )}
          </fieldset>
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" busy={busy} block className={styles.big}>
            {method === 'cash' ? t('sell.takeCash', { total: total === null ? '—' : money(total) }) : t('sell.takeCard', { total: total === null ? '—' : money(total) })}
          </Button>
        </>
      )}
    </form>
  );
}
