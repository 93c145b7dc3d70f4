// Managers' calendar rules (closed days, slot capacities) changed in the database through this server: the
// inventory forgets what it remembered of them (src/modules/inventory/calendar-rules-cache.ts).
import { processSignal } from '@/universal/process-signal';

const calendarChanged = processSignal('calendar-changed');

export const onCalendarChanged = calendarChanged.on;
export const signalCalendarChanged = (): void => calendarChanged.signal();
