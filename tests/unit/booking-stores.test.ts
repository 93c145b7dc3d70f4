import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { createAvailabilityStore, missingChoice, missingInput, type FetchAvailability } from '@/client/booking/availability-store';
import { createSelectionStore } from '@/client/booking/selection-store';
import type { WebSlot } from '@/modules/catalog/check-availability';
import type { WebProduct } from '@/modules/catalog/web-product';

/** A storage like localStorage, in memory. */
function memoryStorage(): StateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const unit = (id: string) => ({ id, type: 'ADULT', title: id, description: '', minQuantity: 0, maxQuantity: 10, price: 1000 });
const option = (id: string) => ({ id, title: id, default: false, minUnits: 1, maxUnits: 10, durationMinutes: 60, pricingPer: 'UNIT' as const, bookingPrice: null, units: [unit('adult'), unit('child')] });
const product = (id: string, optionIds: string[]): WebProduct => ({
  id,
  title: id,
  shortDescription: '',
  description: '',
  image: '/x.jpg',
  currency: 'USD',
  fromPrice: 1000,
  options: optionIds.map(option),
});

const slot = (id: string, available = true): WebSlot => ({
  id,
  localDateTimeStart: id,
  localDateTimeEnd: id,
  status: available ? 'AVAILABLE' : 'SOLD_OUT',
  available,
  vacancies: available ? 5 : 0,
  capacity: 10,
  total: 2000,
  currency: 'USD',
});

describe('the booking selection', () => {
  it('selects the only option of a product', () => {
    const store = createSelectionStore(memoryStorage());
    store.getState().selectProduct(product('sunrise', ['sunrise-weekend']));
    expect(store.getState()).toMatchObject({ productId: 'sunrise', optionId: 'sunrise-weekend' });
  });

  it('selects the first of several options', () => {
    const store = createSelectionStore(memoryStorage());
    store.getState().selectProduct(product('express', ['express-main', 'express-top']));
    expect(store.getState().optionId).toBe('express-main');
  });

  it('clears the quantities when the option changes, not when it is chosen again', () => {
    const store = createSelectionStore(memoryStorage());
    store.getState().selectProduct(product('express', ['a', 'b']));
    store.getState().setQuantity('adult', 2);
    store.getState().selectOption('a');
    expect(store.getState().quantities).toEqual({ adult: 2 });
    store.getState().selectOption('b');
    expect(store.getState().quantities).toEqual({});
  });

  it('removes a unit whose count goes to zero', () => {
    const store = createSelectionStore(memoryStorage());
    store.getState().setQuantity('adult', 2);
    store.getState().setQuantity('child', 1);
    store.getState().setQuantity('adult', 0);
    expect(store.getState().quantities).toEqual({ child: 1 });
  });

  it('reset clears product, option and quantities', () => {
    const store = createSelectionStore(memoryStorage());
    store.getState().selectProduct(product('p', ['o']));
    store.getState().setQuantity('adult', 1);
    store.getState().reset();
    expect(store.getState()).toMatchObject({ productId: undefined, optionId: undefined, quantities: {} });
  });

  it('survives a reload through its storage', async () => {
    const storage = memoryStorage();
    const first = createSelectionStore(storage);
    await first.persist.rehydrate();
    first.getState().selectProduct(product('p', ['o']));
    first.getState().setQuantity('adult', 3);
    const second = createSelectionStore(storage);
    await second.persist.rehydrate();
    expect(second.getState()).toMatchObject({ productId: 'p', optionId: 'o', quantities: { adult: 3 } });
  });
});

describe('availability', () => {
  const input = { productId: 'p', optionId: 'o', quantities: { adult: 2 } };

  function storeAnswering(answer: Awaited<ReturnType<FetchAvailability>> | Error) {
    const calls: unknown[] = [];
    const fetchSlots: FetchAvailability = async (i) => {
      calls.push(i);
      if (answer instanceof Error) throw answer;
      return answer;
    };
    return { store: createAvailabilityStore(fetchSlots, memoryStorage()), calls };
  }

  it.each([
    [{ quantities: {} }, 'selectProduct'],
    [{ productId: 'p', quantities: {} }, 'selectOption'],
    [{ productId: 'p', optionId: 'o', quantities: { adult: 0 } }, 'selectQuantity'],
    [{ productId: 'p', optionId: 'o', quantities: { adult: 1 } }, 'selectDate'],
    [{ productId: 'p', optionId: 'o', quantities: { adult: 1 }, selectedDate: '2026-11-21' }, undefined],
  ])('needs product, option, a quantity and a date: %j', (given, problem) => {
    expect(missingInput(given)).toBe(problem);
  });

  it.each([
    [{ quantities: {} }, 'selectProduct'],
    [{ productId: 'p', quantities: { adult: 1 } }, 'selectOption'],
    [{ productId: 'p', optionId: 'o', quantities: {} }, 'selectQuantity'],
    [{ productId: 'p', optionId: 'o', quantities: { adult: 1 }, selectedTime: 't1' }, 'selectDate'],
    [{ productId: 'p', optionId: 'o', quantities: { adult: 1 }, selectedDate: '2026-11-21' }, 'selectTime'],
    [{ productId: 'p', optionId: 'o', quantities: { adult: 1 }, selectedDate: '2026-11-21', selectedTime: 't1' }, undefined],
  ])('tells the first choice still to make, a time last: %j', (given, missing) => {
    expect(missingChoice(given)).toBe(missing);
  });

  it('tells each missing input in turn as the visitor chooses, and asks only once all are there', async () => {
    const { store, calls } = storeAnswering({ ok: true, slots: [slot('t1')] });
    const problems = [];
    for (const given of [{ quantities: {} }, { productId: 'p', quantities: {} }, { productId: 'p', optionId: 'o', quantities: {} }, input]) {
      await store.getState().fetchAvailability(given);
      problems.push(store.getState().problem);
    }
    expect(problems).toEqual(['selectProduct', 'selectOption', 'selectQuantity', 'selectDate']);
    expect(calls).toEqual([]);
    store.getState().selectDate('2026-11-21');
    await store.getState().fetchAvailability(input);
    expect(store.getState()).toMatchObject({ problem: undefined, fetchedDate: '2026-11-21' });
    expect(calls).toHaveLength(1);
    // Quantities taken back to none: the same message as before, and no call.
    await store.getState().fetchAvailability({ ...input, quantities: { adult: 0 } });
    expect(store.getState().problem).toBe('selectQuantity');
    expect(calls).toHaveLength(1);
  });

  it('fetches nothing until a date is chosen', async () => {
    const { store, calls } = storeAnswering({ ok: true, slots: [] });
    await store.getState().fetchAvailability(input);
    expect(calls).toEqual([]);
    expect(store.getState().problem).toBe('selectDate');
  });

  it('marks the result as fetched for the date, which is the part before T', async () => {
    const { store, calls } = storeAnswering({ ok: true, slots: [slot('t1'), slot('t2', false)] });
    store.getState().selectDate('2026-11-21T00:00:00-05:00');
    await store.getState().fetchAvailability(input);
    expect(calls).toEqual([{ ...input, selectedDate: '2026-11-21' }]);
    expect(store.getState()).toMatchObject({ fetchedDate: '2026-11-21', isFetching: false, problem: undefined });
    expect(store.getState().availability).toHaveLength(2);
  });

  it('keeps the chosen time only while it is still available', async () => {
    const { store } = storeAnswering({ ok: true, slots: [slot('t1', false)] });
    store.getState().selectDate('2026-11-21');
    store.getState().selectTime('t1');
    await store.getState().fetchAvailability(input);
    expect(store.getState().selectedTime).toBeUndefined();
  });

  it("keeps the server's message when the fetch fails", async () => {
    const { store } = storeAnswering({ ok: false, message: 'Failed to fetch availability' });
    store.getState().selectDate('2026-11-21');
    await store.getState().fetchAvailability(input);
    expect(store.getState()).toMatchObject({ problem: 'failed', message: 'Failed to fetch availability', availability: [] });
  });

  it('a new date clears the time and the slots', async () => {
    const { store } = storeAnswering({ ok: true, slots: [slot('t1')] });
    store.getState().selectDate('2026-11-21');
    await store.getState().fetchAvailability(input);
    store.getState().selectTime('t1');
    store.getState().selectDate('2026-11-22');
    expect(store.getState()).toMatchObject({ selectedDate: '2026-11-22', selectedTime: undefined, availability: [], fetchedDate: undefined });
  });

  it('reset clears the availability, the date and the time', async () => {
    const { store } = storeAnswering({ ok: true, slots: [slot('t1')] });
    store.getState().selectDate('2026-11-21');
    await store.getState().fetchAvailability(input);
    store.getState().selectTime('t1');
    store.getState().reset();
    expect(store.getState()).toMatchObject({ availability: [], selectedDate: undefined, selectedTime: undefined, fetchedDate: undefined });
  });
});
