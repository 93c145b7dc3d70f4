import { useEffect } from 'react';
import { useTranslation } from '@/client/i18n';
import { missingChoice } from '@/client/booking/availability-store';
import { availabilityStore, selectionStore, useAvailability, useRestoredBooking, useSelection } from '@/client/booking/browser-stores';
import { useBook } from '@/client/booking/use-book';
import { useProducts } from '@/client/booking/use-products';
import { useWaitlistJoin } from '@/client/booking/use-waitlist-join';
import { BookingSummary } from '@/components/booking/BookingSummary';
import styles from '@/components/booking/booking.module.css';
import frame from '@/components/ui/page.module.css';
import { ProductPicker } from '@/components/booking/ProductPicker';
import { ProductsLoading } from '@/components/booking/ProductsLoading';
import { Step } from '@/components/booking/Step';
import { Alert } from '@/components/ui/Alert';
import { PageTitle } from '@/components/ui/PageTitle';
import { selectionTotal } from '@/universal/web-product';
import { useMemberPerks } from '@/client/booking/use-member-perks';
import { memberDiscount, withExtraTickets } from '@/universal/member-price';
import type { GetServerSideProps } from 'next';
import { translationProps } from '@/server/translations';
import { currentCatalog } from '@/config/catalog';
import { AnnualPassOffer, type AnnualPassOfferProps } from '@/components/passes/AnnualPassOffer';
import { activePass, usePasses } from '@/client/booking/use-passes';
import { addonChoiceStore, useAddonChoice } from '@/client/booking/addon-choice';
import { useAddonOffer } from '@/client/booking/use-addon-offer';
import { rewardChoiceStore, useRewardChoice } from '@/client/booking/reward-choice';
import { useRewards, type RewardsCatalogue } from '@/client/booking/use-rewards';
import { useLaterSteps } from '@/components/booking/later-steps';
import { currentProgram } from '@/config/program';
import { DEFAULT_LOCALE, isLocale } from '@/config/locales';
import type { ListedProduct } from '@/modules/catalog/web-product';
import { listProducts } from '@/modules/catalog/list-products';
import { getSupplier } from '@/wiring/supplier';
import { log } from '@/server/log';

/** Quantity clicks come in bursts: ask for times once they settle. */
const FETCH_DELAY_MS = 250;

/** `products`: the ticket products in the page's language, as its HTML shows them (null: the page loads them
 * in the browser). The annual pass on sale (decision 0051), with the options its visits may book; null: none
 * is sold. `rewards`: the program's rewards a member may take here (decision 0042). */
type Props = {
  products: ListedProduct[] | null;
  annualPass: (AnnualPassOfferProps & { covers: { productId: string; optionIds: string[] }[] }) | null;
  rewards: RewardsCatalogue;
};

export default function ProductsPage({ products: rendered, annualPass, rewards }: Props) {
  const { t } = useTranslation('products');
  const { t: tpass } = useTranslation('passes');
  const { t: tr } = useTranslation('rewards');
  const { t: tc } = useTranslation('checkout');
  const { t: tp } = useTranslation('promos');
  const { t: ta } = useTranslation('addons');
  useRestoredBooking();
  const { data: products, error: productsError } = useProducts(rendered);
  // The steps after the product, loaded with the products (components/booking/later-steps.ts).
  const later = useLaterSteps(!!products);
  const productId = useSelection((s) => s.productId);
  const optionId = useSelection((s) => s.optionId);
  const quantities = useSelection((s) => s.quantities);
  const selectedDate = useAvailability((s) => s.selectedDate);
  const selectedTime = useAvailability((s) => s.selectedTime);
  const slots = useAvailability((s) => s.availability);
  const fetchedDate = useAvailability((s) => s.fetchedDate);
  const isFetching = useAvailability((s) => s.isFetching);
  const problem = useAvailability((s) => s.problem);
  const message = useAvailability((s) => s.message);
  const { book, busy } = useBook();
  const waitlist = useWaitlistJoin();

  // A member's tier may give member prices and extra tickets per booking (decision 0038).
  const perks = useMemberPerks();
  const product = products?.find((p) => p.id === productId);
  const listedOption = product?.options.find((o) => o.id === optionId);
  const option = listedOption && withExtraTickets(listedOption, perks?.extraTickets ?? 0);
  const hasQuantity = Object.keys(quantities).length > 0;
  // What is still to choose. Once the catalogue is here, a saved product or option it no longer offers
  // counts as not chosen; before, the saved choice is taken as it is.
  const missing = missingChoice({
    productId: products ? product?.id : productId,
    optionId: products ? option?.id : optionId,
    quantities,
    selectedDate,
    selectedTime,
  });
  // One option is chosen with the product; the step shows when there is a choice, or none is made.
  const showOptions = !!product && (product.options.length > 1 || !option);
  const stepAfterOptions = showOptions ? 3 : 2;

  useEffect(() => {
    if (!productId || !optionId || !hasQuantity || !selectedDate) return;
    const timer = setTimeout(() => void availabilityStore.getState().fetchAvailability({ productId, optionId, quantities }), FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [productId, optionId, quantities, hasQuantity, selectedDate]);

  function reset() {
    selectionStore.getState().reset();
    availabilityStore.getState().reset();
    addonChoiceStore.getState().reset();
  }

  // A reward paid with points, or a guest pass, taken off after the member price (decision 0042).
  const offer = useRewards(rewards, product, option, quantities, perks?.discountPercent ?? 0);
  const chosenReward = useRewardChoice((s) => s.reward);
  const chosenPass = useRewardChoice((s) => s.guestPass);
  const reward = chosenPass && offer?.guestPass?.cents
    ? { label: tr('summary.guestPass'), cents: offer.guestPass.cents }
    : (() => {
        const picked = offer?.rewards.find((r) => r.id === chosenReward && r.affordable);
        return picked ? { label: tr('summary.reward', { name: tr(`catalogue.${picked.id}`) }), cents: picked.cents } : null;
      })();
  // A choice the selection no longer allows is dropped, so that Book never sends it.
  const staleReward = !!offer && (!!chosenReward || chosenPass) && !reward;
  useEffect(() => {
    if (staleReward) rewardChoiceStore.getState().choose({});
  }, [staleReward]);
  // A member with an active pass books a covered option with it at zero price (decision 0051).
  const { data: passes } = usePasses();
  const heldPass = activePass(passes);
  const passCovers = !!heldPass && !!annualPass?.covers.some((c) => c.productId === product?.id && !!option && c.optionIds.includes(option.id));
  const withPass = useRewardChoice((s) => s.annualPass);
  const passChosen = passCovers && withPass;
  useEffect(() => {
    if (withPass && heldPass && !passCovers) rewardChoiceStore.getState().useAnnualPass(false);
  }, [withPass, heldPass, passCovers]);
  // Add-ons for the chosen time (decision 0050): shown when the option has any; a choice the offer no longer
  // allows is trimmed to it, so that Book never sends it.
  const addonOffer = useAddonOffer(product?.id, option?.id, selectedTime);
  const addonQuantities = useAddonChoice((s) => s.quantities);
  useEffect(() => {
    if (addonOffer) addonChoiceStore.getState().fitTo(addonOffer);
  }, [addonOffer]);
  const addonLines = (addonOffer ?? [])
    .filter((a) => (addonQuantities[a.id] ?? 0) > 0)
    .map((a) => ({ label: ta('checkout.count', { count: addonQuantities[a.id], name: ta(`names.${a.id}.title`, { defaultValue: a.id }) }), cents: a.price * addonQuantities[a.id]! }));
  const addonCents = addonLines.reduce((sum, line) => sum + line.cents, 0);
  const hasAddons = !selectedTime || !addonOffer || addonOffer.length > 0;
  const hasRewards = !passChosen && !!offer && (offer.rewards.length > 0 || !!offer.guestPass);
  // The steps after the time, numbered in turn (some show only when there is something to choose).
  const steps = (() => {
    let next = stepAfterOptions + 3;
    const pass = passCovers ? next++ : 0;
    const addons = hasAddons ? next++ : 0;
    const rewards = hasRewards ? next++ : 0;
    const promo = next++;
    return { pass, addons, rewards, promo, giftCard: next };
  })();
  const listTotal = selectionTotal(option, quantities);
  const memberOff = memberDiscount(option, quantities, perks?.discountPercent ?? 0);
  const shownReward = passChosen && listTotal ? { label: tpass('holder.summary'), cents: listTotal - memberOff } : reward;
  const total = listTotal && listTotal - memberOff - (shownReward?.cents ?? 0) + addonCents;

  return (
    <div className={`${frame.page} ${product ? styles.withBookBar : ''}`}>
      <PageTitle title={t('title')} description={t('intro')} />
      <h1 className={frame.heading}>{t('heading')}</h1>
      <p className={frame.intro}>{t('intro')}</p>
      <div className={styles.layout}>
        <div className={styles.steps}>
          <Step number={1} title={t('steps.product')}>
            {products ? (
              <ProductPicker products={products} selectedId={product?.id} onSelect={(p) => selectionStore.getState().selectProduct(p)} />
            ) : productsError ? (
              <Alert tone="error">{t('loadFailed')}</Alert>
            ) : (
              <ProductsLoading />
            )}
          </Step>
          {later && product && showOptions && (
            <Step number={2} title={t('steps.option')}>
              <later.OptionPicker product={product} selectedId={optionId} onSelect={(id) => selectionStore.getState().selectOption(id)} />
            </Step>
          )}
          {later && product && option && (
            <Step number={stepAfterOptions} title={t('steps.quantities')}>
              <later.QuantityPicker
                option={option}
                currency={product.currency}
                quantities={quantities}
                perks={perks}
                onChange={(unitId, count) => selectionStore.getState().setQuantity(unitId, count)}
              />
            </Step>
          )}
          {later && product && option && (
            <Step number={stepAfterOptions + 1} title={t('steps.date')}>
              {!hasQuantity && <p className={styles.hint}>{t('calendar.pickQuantitiesFirst')}</p>}
              <later.DatePicker
                productId={product.id}
                optionId={option.id}
                quantities={quantities}
                selectedDate={selectedDate}
                onSelect={(date) => availabilityStore.getState().selectDate(date)}
              />
            </Step>
          )}
          {later && product && option && (
            <Step number={stepAfterOptions + 2} title={t('steps.time')}>
              {problem === 'failed' ? (
                <Alert tone="error">{message ?? t('messages.failedToFetch')}</Alert>
              ) : missing === 'selectQuantity' || missing === 'selectDate' ? (
                <p className={styles.hint}>{t(`messages.${missing}`)}</p>
              ) : isFetching || fetchedDate !== selectedDate ? (
                <p className={styles.hint} role="status">
                  {t('slots.loading')}
                </p>
              ) : (
                <later.TimeSlotPicker slots={slots} selectedId={selectedTime} onSelect={(id) => availabilityStore.getState().selectTime(id)} waitlist={waitlist} wanted={Object.values(quantities).reduce((n, q) => n + q, 0)} />
              )}
            </Step>
          )}
          {later && product && option && heldPass && passCovers && (
            <Step number={steps.pass} title={tpass('holder.step')}>
              <later.PassVisitChoice pass={heldPass} />
            </Step>
          )}
          {later && product && option && hasAddons && (
            <Step number={steps.addons} title={ta('checkout.step')}>
              {!selectedTime ? (
                <p className={styles.hint}>{ta('checkout.chooseTimeFirst')}</p>
              ) : !addonOffer ? (
                <p className={styles.hint} role="status">
                  {ta('checkout.loading')}
                </p>
              ) : (
                <later.AddonPicker offer={addonOffer} currency={product.currency} quantities={addonQuantities} onChange={(id, n) => addonChoiceStore.getState().setQuantity(id, n)} />
              )}
            </Step>
          )}
          {later && product && option && hasRewards && (
            <Step number={steps.rewards} title={tr('picker.heading')}>
              <later.RewardPicker offer={offer} currency={product.currency} chosen={{ reward: chosenReward, guestPass: chosenPass }} onChoose={(c) => rewardChoiceStore.getState().choose(c)} />
            </Step>
          )}
          {later && product && option && !passChosen && (
            <Step number={steps.promo} title={tp('checkout.step')}>
              <later.PromoCodeField />
            </Step>
          )}
          {later && product && option && !passChosen && offer && (
            <Step number={steps.giftCard} title={tc('giftCard.heading')}>
              <later.GiftCardField />
            </Step>
          )}
        </div>
        <BookingSummary
          product={product}
          optionId={optionId}
          quantities={quantities}
          selectedDate={selectedDate}
          selectedTime={selectedTime}
          missing={missing}
          busy={busy}
          perks={perks}
          reward={shownReward}
          addons={addonLines}
          onBook={book}
          onReset={reset}
        />
      </div>
      {annualPass && <AnnualPassOffer offer={annualPass} />}
      {later && product && <later.MobileBookBar total={total} currency={product.currency} busy={busy} onBook={book} />}
    </div>
  );
}

/** The products the page is rendered with, so that its cards and their first photo are in its HTML (decision
 * 0074). A supplier that fails leaves them to the browser's load, where the visitor is told if they still
 * cannot be loaded. */
async function renderedProducts(locale: string | undefined): Promise<ListedProduct[] | null> {
  try {
    return await listProducts(await getSupplier(), isLocale(locale) ? locale : DEFAULT_LOCALE);
  } catch (error) {
    log.warn('[products page] rendered without its products', { error });
    return null;
  }
}

// Rendered for each request, not at build: the catalogue and the annual pass are edited by managers
// (decision 0055), and a build has no database to list them from.
export const getServerSideProps: GetServerSideProps<Props> = async ({ locale }) => {
  const catalog = currentCatalog();
  const pass = catalog.annualPass;
  const program = currentProgram();
  return {
    props: {
      products: await renderedProducts(locale),
      rewards: { catalogue: program.rewards.catalogue, guestPassUnitId: program.rewards.guestPasses.unitId },
      ...(await translationProps(locale, ['products', 'checkout', 'rewards', 'promos', 'passes', 'addons'])),
      annualPass: pass ? { id: pass.id, price: pass.price, currency: catalog.currency, validDays: pass.validDays, visitorsPerVisit: pass.visitorsPerVisit, covers: pass.covers } : null,
    },
  };
};
